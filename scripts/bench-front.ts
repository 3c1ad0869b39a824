// The public pages' weight in the browser (issue 20 "Light on data"; decision 042): each page's JavaScript
// as its HTML names it (module preloads and the scripts' imports: what a browser fetches before the page
// is interactive), gzip -9, against a budget. Used by npm run bench (scripts/bench.ts) and
// npm run bench:lighthouse (scripts/bench-lighthouse.ts).
import { gzipSync } from "node:zlib";
import { collectPageAssets } from "./bench-lib.ts";
import { learningPaths } from "./bench-learning.ts";

/**
 * The public pages measured; "post" stands for a featured post of the demo blog, "course" for the first
 * course's page and "lesson" for its free preview lesson (issue 31), their paths found at run time.
 */
export const PUBLIC_PAGES = [
  "/",
  "/courses",
  "/blog",
  "/posts",
  "post",
  "/showcase",
  "/about",
  "/contact",
  "course",
  "lesson",
] as const;
/** Every public page's JavaScript, gzip -9 (issue 20: the bare framework is about 113 KB of it). */
export const PAGE_JS_TARGET_BYTES = 100 * 1024;

/** The chunks meant to load only where needed (issue 31): hls.js after a video lesson opens, the editor in the admin. */
export const LAZY_CHUNKS = /\/assets\/(hls(\.light)?|rich-editor)-[^/]*\.js$/;

export interface PageJs {
  path: string;
  jsGzipBytes: number;
  files: number;
  /** LAZY_CHUNKS the page's HTML names (none expected) */
  lazyNamed: string[];
}

/** A featured post's path on the server at `base` (the demo blog has featured posts). */
export async function featuredPostPath(base: string): Promise<string> {
  const res = await fetch(`${base}/backend/posts?featured=true&limit=1`, { signal: AbortSignal.timeout(30_000) });
  const body = (await res.json()) as { posts?: Array<{ slug: string }> };
  const slug = body.posts?.[0]?.slug;
  if (!res.ok || !slug) throw new Error(`no featured post on ${base} (GET /backend/posts answered ${res.status})`);
  return `/${slug}`;
}

/**
 * Each public page's JS, gzip -9; a file shared by pages is fetched and compressed once. With `cookie`
 * the pages are asked for with it (a signed-in visitor: an admin opening a video lesson).
 */
export async function weighPublicPages(
  base: string,
  pages: readonly string[] = PUBLIC_PAGES,
  cookie?: string,
): Promise<PageJs[]> {
  const fetchOk = async (urlPath: string) => {
    const res = await fetch(`${base}${urlPath}`, {
      headers: { "Accept-Encoding": "identity", ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`GET ${urlPath} answered ${res.status}`);
    return res;
  };
  const gzipped = new Map<string, Promise<number>>();
  const weigh = (asset: string) => {
    let size = gzipped.get(asset);
    if (!size) {
      size = fetchOk(asset).then(async (r) => gzipSync(Buffer.from(await r.arrayBuffer()), { level: 9 }).length);
      gzipped.set(asset, size);
    }
    return size;
  };
  const post = pages.includes("post") ? await featuredPostPath(base) : "";
  const learning = pages.includes("course") || pages.includes("lesson") ? await learningPaths(base) : null;
  const named: Record<string, string> = { post, course: learning?.course ?? "", lesson: learning?.preview ?? "" };
  const results: PageJs[] = [];
  for (const page of pages) {
    const urlPath = named[page] ?? page;
    const { js } = collectPageAssets(await (await fetchOk(urlPath)).text());
    if (js.length === 0) throw new Error(`${urlPath} references no /assets/*.js`);
    const sizes = await Promise.all(js.map(weigh));
    results.push({
      path: urlPath,
      jsGzipBytes: sizes.reduce((a, b) => a + b, 0),
      files: js.length,
      lazyNamed: js.filter((file) => LAZY_CHUNKS.test(file)),
    });
  }
  return results;
}

/** One line per page: its JS with the target and met/missed. */
export function pageJsLines(pages: PageJs[], formatBytes: (n: number) => string): string[] {
  const width = Math.max(...pages.map((p) => p.path.length));
  return pages.map(
    (p) =>
      `  ${p.path.padEnd(width)}  ${formatBytes(p.jsGzipBytes).padStart(9)} in ${String(p.files).padStart(2)} files   ` +
      `target <= ${formatBytes(PAGE_JS_TARGET_BYTES)}   ${p.jsGzipBytes <= PAGE_JS_TARGET_BYTES ? "met" : "missed"}` +
      (p.lazyNamed.length ? `   (names ${p.lazyNamed.join(", ")}, meant to load only where needed!)` : ""),
  );
}

/** The page's HTML as served, with every script and module preload taken out and its root-relative
 * addresses (pictures, links) pointed at the app: the page as a browser draws it without JavaScript. */
export function withoutScripts(html: string, base: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
    .replace(/(=["']|,\s+|url\(["']?)\/(?![/>])/g, `$1${base}/`);
}
