// /unsubscribe?token= (issue 19; decision 037): every newsletter's personal link, and its List-Unsubscribe
// address. The GET asks, the POST unsubscribes: the page's button. A mail app's one-click POST (RFC 8058:
// `List-Unsubscribe=One-Click`, from any Origin) is answered before the pages, by
// server/features/newsletter/one-click.ts (issue 29): this action would refuse a foreign Origin. The address is
// never shown, so a forwarded link reveals nobody's.
import type { Route } from "./+types/unsubscribe";
import { NEWSLETTER_MESSAGES } from "../../contract/messaging/newsletter.ts";
import { appContext } from "../lib/context.ts";
import { readAction } from "../lib/action.server.ts";
import { NewsletterLinkPage, tokenOf } from "../features/newsletter/link-page.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const token = tokenOf(url);
  const found = await services.newsletter.lookupUnsubscribe(token);
  const state: "ask" | "done" | "bad" = !found
    ? "bad"
    : found.status === "unsubscribed" || found.status === "bounced"
      ? "done"
      : "ask";
  return { state, token: found ? token : "" };
}

/** The page's state, not a form's ActionResult: there is no form to refill (decision 069). */
export async function action(args: Route.ActionArgs) {
  const { ctx, body } = await readAction(args, "anyone");
  const ok = await ctx.services.newsletter.unsubscribe(tokenOf(args.url, body.fields));
  return { state: ok ? ("done" as const) : ("bad" as const) };
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <NewsletterLinkPage
      title="Unsubscribe from the newsletter"
      state={state}
      question="Press the button to stop receiving our newsletter at this address."
      button="Unsubscribe"
      done={state === "done" ? NEWSLETTER_MESSAGES.unsubscribed : NEWSLETTER_MESSAGES.badLink}
      token={loaderData.token}
    />
  );
}
