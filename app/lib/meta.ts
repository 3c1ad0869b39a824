// Small shared pieces of route modules' `headers` and `meta`.
import type { MetaDescriptor } from "react-router";
import type { SocialImage } from "../../contract/lib/media-urls.ts";

/** For pages whose answer depends on who asks (signed in or not, a token in the URL): no shared cache. */
export function privateNoStore() {
  return { "Cache-Control": "private, no-store" };
}

/** An action's Retry-After (a write over its limit: write-limits.server.ts), for the route's `headers`. */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** The site's short name from the root route's data (first match), for page titles. */
export function siteNameOf(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>): string {
  const root = matches[0]?.loaderData as { siteName?: string } | undefined;
  return root?.siteName || "Academy";
}

// ---------------------------------------------------------------------------------------------------
// Link previews (issue 15): every public page carries a canonical address, Open Graph and Twitter card
// tags built by pageMeta, so that a share on WhatsApp, Facebook, X or LinkedIn shows a card. Social
// sites fetch from outside: every address is absolute, from PUBLIC_URL. Decision 028.

/**
 * The canonical address of a page: `origin` + `pathname` + only the query parameters that choose
 * different content (a category, an author), in a fixed order; paging, sorting, searches and tracking
 * parameters are left out, so that every variant of a page points at one address.
 */
export function canonicalUrl(
  origin: string,
  pathname: string,
  params: Readonly<Record<string, string | null | undefined>> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  return `${origin.replace(/\/+$/, "")}${pathname}${search ? `?${search}` : ""}`;
}

export interface PageMetaInput {
  /** the document title (also og:title unless `socialTitle`) */
  title: string;
  socialTitle?: string;
  description: string;
  siteName: string;
  /** the canonical address (canonicalUrl) */
  url: string;
  type?: "website" | "article";
  image?: SocialImage | null;
  /** more tags after the card's (article:published_time…) */
  extra?: MetaDescriptor[];
}

/**
 * A page's title, description, canonical link, Open Graph and Twitter card tags. The large card
 * (`summary_large_image`) only with a picture of known large size; otherwise `summary`.
 */
export function pageMeta({
  title,
  socialTitle = title,
  description,
  siteName,
  url,
  type = "website",
  image,
  extra = [],
}: PageMetaInput): MetaDescriptor[] {
  const large = Boolean(image?.width && image.height && image.width >= 600);
  const tags: MetaDescriptor[] = [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: socialTitle },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: url },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image.url });
    if (image.url.startsWith("https:")) tags.push({ property: "og:image:secure_url", content: image.url });
    if (image.type) tags.push({ property: "og:image:type", content: image.type });
    if (image.width && image.height) {
      tags.push({ property: "og:image:width", content: String(image.width) });
      tags.push({ property: "og:image:height", content: String(image.height) });
    }
    tags.push({ property: "og:image:alt", content: image.alt });
  }
  tags.push(
    { name: "twitter:card", content: large ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: socialTitle },
  );
  if (description) tags.push({ name: "twitter:description", content: description });
  if (image) {
    tags.push({ name: "twitter:image", content: image.url }, { name: "twitter:image:alt", content: image.alt });
  }
  return [...tags, ...extra];
}
