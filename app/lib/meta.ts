// Small shared pieces of route modules' `headers` and `meta`.

/** For pages whose answer depends on who asks (signed in or not, a token in the URL): no shared cache. */
export function privateNoStore() {
  return { "Cache-Control": "private, no-store" };
}

/** The site's short name from the root route's data (first match), for page titles. */
export function siteNameOf(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>): string {
  const root = matches[0]?.loaderData as { siteName?: string } | undefined;
  return root?.siteName || "Academy";
}
