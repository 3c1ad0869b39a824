// /logout: sign-out as a POST action (the header's "Sign out" button posts here), so that no link, image
// or prefetch can sign anyone out. It ends the session, clears the cookie and goes home.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../lib/context.ts";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(appContext);
  const result = await services.authFlows.signOut({ headers: request.headers, clientIp });
  return redirect("/", { headers: result.ok ? result.headers : undefined });
}
