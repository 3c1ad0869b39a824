// /logout: sign-out as a POST action (the header's "Sign out" button posts here), so that no link, image
// or prefetch can sign anyone out. It ends the session, clears the cookie and goes home.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../lib/context.ts";
import { readFormBody } from "../../lib/forms.server.ts";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  // The button posts an empty form; a body that is no form at all is a 400, as on every page.
  await readFormBody(request);
  const result = await services.authFlows.signOut({ headers: request.headers, clientIp });
  return redirect("/", { headers: result.ok ? result.headers : undefined });
}
