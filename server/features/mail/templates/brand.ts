// Who an e-mail comes from, as every message of the kit shows it (header, footer, links): the academy's
// name (SITE_NAME), its web address (PUBLIC_URL) and, when set, its postal address (MAIL_POSTAL_ADDRESS).
import type { Env } from "../../../env.ts";

export interface EmailBrand {
  /** SITE_NAME: "TechAfrica" */
  name: string;
  /** PUBLIC_URL without a trailing slash: links in e-mails are built on it ("…/account") */
  url: string;
  /** MAIL_POSTAL_ADDRESS, or null when unset (the footer then shows the web address only) */
  postalAddress: string | null;
}

export function emailBrand(env: Pick<Env, "SITE_NAME" | "PUBLIC_URL" | "MAIL_POSTAL_ADDRESS">): EmailBrand {
  return {
    name: env.SITE_NAME,
    url: env.PUBLIC_URL.replace(/\/+$/, ""),
    postalAddress: env.MAIL_POSTAL_ADDRESS ?? null,
  };
}

/**
 * The site's colours (app/app.css `@theme`, and Tailwind's slate for text): e-mail clients ignore
 * stylesheets and custom properties, so the values are written inline. A test keeps them equal to app.css.
 */
export const EMAIL_COLORS = {
  brand50: "#eef6ff",
  brand700: "#174ca8",
  brand950: "#0b1d3d",
  accent400: "#fbbf24",
  /** page background around the card: Tailwind slate-100 */
  canvas: "#f1f5f9",
  /** body text: slate-800, 14.6:1 on white */
  text: "#1e293b",
  /** secondary text: slate-600, 7.6:1 on white */
  muted: "#475569",
  /** lines between rows: slate-200 */
  rule: "#e2e8f0",
  /** footer text on brand-950: slate-300 */
  footerText: "#cbd5e1",
} as const;

/** The site's font stack (app/app.css --font-sans): no web font to download. */
export const EMAIL_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
