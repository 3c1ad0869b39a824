// This site's own picture addresses, written as paths (issue 15: uploads answer absolute URLs, as
// ImageKit does; decision 026). A post written through an ImageKit client carries
// `https://academy.example/media/uploads/<name>.png`: it is stored as `/media/uploads/<name>.png`, so
// that the page resizes it like any of ours, the sanitizer's rules for uploaded videos and posters
// apply, and the post survives a change of PUBLIC_URL.

/** `/media/…` for an address on PUBLIC_URL's origin under /media/ with no query or fragment; else `url`. */
export function ownMediaPath(url: string, publicUrl: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  // (a query such as ?tr=… would not pass the sanitizer's /media rule: such an address stays absolute)
  if (parsed.origin !== new URL(publicUrl).origin || parsed.search !== "" || parsed.hash !== "") return url;
  if (!parsed.pathname.startsWith("/media/") || parsed.username !== "" || parsed.password !== "") return url;
  return parsed.pathname;
}

/** Post HTML with every quoted src, poster or href that is one of our /media addresses written as its path. */
export function ownMediaPathsInHtml(html: string, publicUrl: string): string {
  return html.replace(
    /(\s(?:src|poster|href)\s*=\s*)(["'])([^"']*)\2/gi,
    (_, name: string, quote: string, value: string) => `${name}${quote}${ownMediaPath(value, publicUrl)}${quote}`,
  );
}
