// /logout: sign-out as a POST action (the header's "Sign out" button posts here), so that no link, image
// or prefetch can sign anyone out. It ends the session, clears the cookie and goes home.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { readAction, runAction } from "../../lib/action.server.ts";

export function loader() {
  return redirect("/");
}

export async function action(args: Route.ActionArgs) {
  // The button posts an empty form; a body that is no form at all is a 400, as on every page.
  const call = await readAction(args, "anyone");
  const { services, clientIp } = call.ctx;
  return runAction(call, {
    run: () => services.authFlows.signOut({ headers: call.request.headers, clientIp }),
    done: (result) => redirect("/", { headers: result.ok ? result.headers : undefined }),
  });
}
