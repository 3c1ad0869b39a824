// Paint first, then fetch the scripts (decision 045). React Router writes a <link rel="modulepreload"> for
// every module of the page into the head and an inline module script that imports the matched routes at
// once: on a phone on slow 4G (1.6 Mbit/s shared by six connections) some 130 KB of JavaScript then
// competes with the first screen's picture, which the page does not need to be read (it is whole without
// JavaScript). This rewrites the server's HTML so that the module preloads and the imports start only once
// the first screen is drawn: the first paint, and the page's priority pictures in view (MediaImage's
// `priority`: the largest paint of `/` and `/courses`) drawn or failed; at most FIRST_SCREEN_WAIT_MS. The
// preloads are then added in the same order, so the modules still load in parallel, not as a waterfall.
//
// It is a rewrite of React Router's output, so it checks what it finds: an HTML answer without exactly the
// expected bootstrap (another version of React Router, an error page without scripts) is left as it is.
// tests (app/lib/paint-first.server.test.ts, tests/e2e/paint-first.spec.ts) fail if it stops applying.

import { FIRST_SCREEN_TIMING } from "./first-screen.ts";

/** A stalled picture must not keep the page from working: the scripts start after this at the latest. */
export const FIRST_SCREEN_WAIT_MS = 2_500;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"\\]+");|import ("[^"\\]+");/g;
/** what an asset path of the build looks like; anything else leaves the page unchanged */
const ASSET_PATH = /^\/[\w\-./]+\.js$/;

function hrefOf(tag: string): string | null {
  const match = /\shref="([^"]*)"/.exec(tag);
  return match && ASSET_PATH.test(match[1]!) ? match[1]! : null;
}

/**
 * Resolves once the first screen is drawn: the first contentful paint, and each priority picture in view
 * drawn (or failed). Browsers with the Paint and Element Timing APIs (Chromium) are told exactly, by
 * PerformanceObserver; others wait for the pictures' load events and one frame more. At most `waitMs`.
 * It runs in the browser as its own source text (`gate` below): plain ES2020, no closure over this module.
 */
export function firstScreenDrawn(waitMs: number, timing: string): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    const start = () => {
      if (!started) {
        started = true;
        resolve();
      }
    };
    setTimeout(start, waitMs);
    const inView = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    };
    const pending = Array.from(document.querySelectorAll<HTMLImageElement>(`img[elementtiming="${timing}"]`)).filter(
      (img) => inView(img) && !(img.complete && img.naturalWidth === 0),
    );
    const types: readonly string[] = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.includes("paint") && types.includes("element")) {
      let painted = false;
      const check = () => {
        if (painted && pending.length === 0) start();
      };
      const drop = (img: HTMLImageElement) => {
        const at = pending.indexOf(img);
        if (at >= 0) pending.splice(at, 1);
        check();
      };
      for (const img of pending) img.addEventListener("error", () => drop(img));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null; url?: string }>) {
          // the picture itself, not its blurred placeholder (a CSS background, reported as well)
          const img = pending.find((candidate) => candidate === entry.element);
          if (img && entry.url === img.currentSrc) drop(img);
        }
      }).observe({ type: "element", buffered: true });
      new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) {
          painted = true;
          check();
        }
      }).observe({ type: "paint", buffered: true });
    } else {
      const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
      let loading = pending.filter((img) => !img.complete);
      if (loading.length === 0) afterFrame();
      for (const img of loading) {
        const done = () => {
          loading = loading.filter((other) => other !== img);
          if (loading.length === 0) afterFrame();
        };
        img.addEventListener("load", done, { once: true });
        img.addEventListener("error", done, { once: true });
      }
    }
  });
}

/** The wait, the same on every page: made once. */
const WAIT_FOR_FIRST_SCREEN = `await (${firstScreenDrawn.toString()})(${FIRST_SCREEN_WAIT_MS}, ${JSON.stringify(FIRST_SCREEN_TIMING)});`;

/** The wait, then the preloads, in the page's own (nonce'd) module script. */
function gate(preloads: string[]): string {
  return (
    WAIT_FOR_FIRST_SCREEN +
    `for (const href of ${JSON.stringify(preloads)}) {` +
    `const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);` +
    `}`
  );
}

/**
 * The page's HTML with its scripts fetched after the first screen is drawn, or `html` itself when it does
 * not hold React Router's bootstrap as expected.
 */
export function paintFirst(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].filter((m) => m[1]!.includes("__reactRouterRouteModules"));
  if (scripts.length !== 1) return html;
  const script = scripts[0]!;
  const body = script[1]!;

  const preloads: string[] = [];
  for (const [tag] of html.matchAll(MODULE_PRELOAD)) {
    const href = hrefOf(tag);
    if (!href) return html;
    if (!preloads.includes(href)) preloads.push(href);
  }

  const names: string[] = [];
  const urls: string[] = [];
  const rest = body.replace(
    STATIC_IMPORT,
    (_all, name: string | undefined, url: string | undefined, bare: string | undefined) => {
      names.push(name ?? `_bare${names.length}`);
      urls.push(`import(${url ?? bare})`);
      return "";
    },
  );
  if (names.length === 0 || /\bimport\s*[*{"']/.test(rest)) return html;

  const rewritten = gate(preloads) + `const [${names.join(", ")}] = await Promise.all([${urls.join(", ")}]);` + rest;
  const start = script.index!;
  const openTag = script[0].slice(0, script[0].indexOf(">") + 1);
  const withScript = html.slice(0, start) + openTag + rewritten + "</script>" + html.slice(start + script[0].length);
  return withScript.replace(MODULE_PRELOAD, "");
}
