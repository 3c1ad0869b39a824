// /newsletter/confirm?token= (issue 19 "double opt-in"; decision 037): the confirmation e-mail's link.
// The GET asks, the button's POST confirms: nothing changes when a mail scanner follows the link.
import type { Route } from "./+types/newsletter-confirm";
import { NEWSLETTER_MESSAGES } from "../../contract/messaging/newsletter.ts";
import { appContext } from "../lib/context.ts";
import { readAction } from "../lib/action.server.ts";
import { NewsletterLinkPage, tokenOf } from "../features/newsletter/link-page.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const token = tokenOf(url);
  const found = await services.newsletter.lookupConfirm(token);
  const state: "ask" | "done" | "bad" = !found
    ? "bad"
    : found.status === "confirmed"
      ? "done"
      : found.status === "pending"
        ? "ask"
        : "bad";
  return { state, token: found ? token : "" };
}

/** The page's state, not a form's ActionResult: there is no form to refill (decision 069). */
export async function action(args: Route.ActionArgs) {
  const { ctx, body } = await readAction(args, "anyone");
  const ok = await ctx.services.newsletter.confirm(tokenOf(args.url, body.fields));
  return { state: ok ? ("done" as const) : ("bad" as const) };
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta() {
  return [{ title: "Confirm your subscription" }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      state={state}
      question="Press the button to start receiving our newsletter at this address."
      button="Confirm my subscription"
      done={state === "done" ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.badLink}
      token={loaderData.token}
    />
  );
}
