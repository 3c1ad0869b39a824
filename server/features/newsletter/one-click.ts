// RFC 8058 one-click unsubscribe (issue 29): a mail app's POST of `List-Unsubscribe=One-Click` to the
// List-Unsubscribe address (`/unsubscribe?token=…`). Mail apps post it from their own servers or pages,
// often with an `Origin` of their own (`https://mail.google.com`) or `null`, which the pages' CSRF check
// (React Router refuses an action whose Origin is not this site: 400) and sameOriginWrites would refuse;
// RFC 8058 requires it to work from any of them. It is authorised by its token alone (48 random hex
// digits, one subscriber's) and acts on no session, so a forged request can do nothing the link's holder
// could not. Exactly that POST is answered here, before those checks: any other POST to /unsubscribe (the
// page's own button) goes on to the page and its checks, as does every other write.
import type { MiddlewareHandler } from "hono";
import { NEWSLETTER_MESSAGES } from "../../../contract/messaging/newsletter.ts";
import type { AppEnv } from "../../http/middleware.ts";
import type { NewsletterService } from "./newsletter.service.ts";

export const ONE_CLICK_PATH = "/unsubscribe";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Whether a request is the one-click POST: a form body whose List-Unsubscribe field is One-Click. */
async function isOneClick(request: Request): Promise<boolean> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) return false;
  // a copy: any other form goes on to the page's action, which reads the body itself
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("List-Unsubscribe") === "One-Click";
}

/** Mounted by server/app.ts on `POST ONE_CLICK_PATH`; any other POST there goes on to the page. */
export function oneClickUnsubscribe(newsletter: Pick<NewsletterService, "unsubscribe">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await isOneClick(c.req.raw))) return next();
    const token = (c.req.query("token") ?? "").trim().slice(0, 100);
    const ok = await newsletter.unsubscribe(token);
    c.header("Cache-Control", "no-store");
    return c.text(ok ? NEWSLETTER_MESSAGES.unsubscribed : NEWSLETTER_MESSAGES.badLink, ok ? 200 : 404);
  };
}
