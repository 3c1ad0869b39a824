// Where a request may send the browser next (`?redirectTo=` of /login, the way back after sign-in,
// Better Auth's callbackURL / redirectTo): a path on this site, never another site. The value is
// checked as the browser will read it, after normalising: "/.//evil.example" is the path
// "//evil.example" once its dot segment is resolved, and a Location of "//evil.example" is another
// site (issue 15 "Open redirect after sign-in").

/** The origin values are resolved against: any fixed one does; only "same origin or not" matters. */
const BASE = "http://same-site.invalid";

/** Characters a browser drops or reads as something else (tabs, newlines, other controls, DEL). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Encoded "/", "\" and controls: some servers and routers decode them before resolving the path. */
const ENCODED_SEPARATOR = /%(2f|5c|[01][0-9a-f]|7f)/i;

/** Longer than any address of this site: refused rather than parsed. */
const MAX_LENGTH = 2048;

/** Whether a path (already normalised) would leave the site: a network-path reference ("//host"), or "/\host". */
const leavesSite = (path: string) => !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/**
 * `value` as a path on this site (normalised: dot segments resolved, query and hash kept), or null when
 * it is anything else: another origin (`https://…`, `//…`, `/\…`), a path that becomes `//…` once
 * normalised (`/.//evil`, `/..//evil`), backslashes, control characters, or encoded separators in the
 * path (`/%2F%2Fevil`, `/%5Cevil`, also encoded twice).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value || value.length > MAX_LENGTH) return null;
  if (leavesSite(value) || value.includes("\\") || CONTROL.test(value)) return null;
  const pathEnd = value.search(/[?#]/);
  let path = pathEnd === -1 ? value : value.slice(0, pathEnd);
  // Encoded separators, at any depth of encoding ("%252F" is "%2F" once decoded).
  for (let depth = 0; depth < 3; depth++) {
    if (ENCODED_SEPARATOR.test(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break; // a "%" that starts no escape: nothing more is encoded
    }
    if (decoded === path) break;
    if (decoded.includes("\\") || CONTROL.test(decoded) || leavesSite(decoded)) return null;
    path = decoded;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || leavesSite(url.pathname)) return null;
  const normalised = url.pathname + url.search + url.hash;
  return leavesSite(normalised) ? null : normalised;
}

/** `safeRedirectPath(value)`, or `fallback` (the home page) when it is not a path on this site. */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  return safeRedirectPath(value) ?? fallback;
}
