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

/** How a post body may name a picture or video of this site, and what is stored (decision 057). */
const MEDIA_FILE = /^(?!.*\/\/)(?!.*\.\.)\/media\/[A-Za-z0-9._~/-]+$/;
/** `?tr=…` and `&v=…` (ImageKit's query form, and the pages' cache key): the page sizes pictures itself. */
const MEDIA_QUERY =
  /^(?:tr=[A-Za-z0-9,.:-]{1,200}|v=[A-Za-z0-9]{1,20})(?:&(?:tr=[A-Za-z0-9,.:-]{1,200}|v=[A-Za-z0-9]{1,20}))?$/;

/**
 * A body's picture or video address as stored: this site's own addresses in every form an upload or
 * an ImageKit client gives them (the upload answer's `filePath` `/uploads/<name>`, its absolute `url`,
 * `/media/<path>`, resized as `?tr=…` or `/media/tr:…/<path>`) become `/media/<path>`; an outside
 * address comes back as it is (the sanitizer judges it); null for an address on this site that names
 * no file /media serves (`/images/a.png`, `/media/../x`): the write refuses it rather than drop it.
 */
export function ownBodyMediaAddress(src: string, publicUrl: string): string | null {
  let path: string;
  let query: string;
  if (/^https?:\/\//i.test(src)) {
    let parsed: URL;
    try {
      parsed = new URL(src);
    } catch {
      return src;
    }
    if (parsed.origin !== new URL(publicUrl).origin || parsed.username !== "" || parsed.password !== "") return src;
    // (the raw text, not the parsed path: "/media/../x" must not become "/x")
    const rest = src.slice(src.indexOf("/", src.indexOf("//") + 2));
    const at = rest.search(/[?#]/);
    path = at < 0 ? rest : rest.slice(0, at);
    query = at < 0 ? "" : rest.slice(at);
  } else if (src.startsWith("/") && !src.startsWith("//") && !src.startsWith("/\\")) {
    const at = src.search(/[?#]/);
    path = at < 0 ? src : src.slice(0, at);
    query = at < 0 ? "" : src.slice(at);
  } else {
    return src;
  }
  if (path.startsWith("/uploads/")) path = `/media${path}`;
  // /media/tr:w-300,h-200/<path>: ImageKit's path form of a resize
  path = path.replace(/^\/media\/tr:[A-Za-z0-9,.:-]{1,200}\//, "/media/");
  if (query !== "" && !(query.startsWith("?") && MEDIA_QUERY.test(query.slice(1)))) return null;
  return MEDIA_FILE.test(path) ? path : null;
}
