import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_WAIT_MS, paintFirst } from "./paint-first.server.ts";

// What React Router 8 writes (the shape of a real page's head and bootstrap, shortened).
const BOOTSTRAP_BODY = `;
import * as route0 from "/assets/root-Fr368zmv.js";
import * as route1 from "/assets/blog-Bsu6kam6.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-DXXFJZ56.js","imports":["/assets/jsx-runtime-CwPVtFwT.js"],"css":[]},"routes":{},"url":"/assets/manifest-ebeecb57.js","version":"ebeecb57"};
  window.__reactRouterRouteModules = {"root":route0,"routes/blog":route1};

import("/assets/entry.client-DXXFJZ56.js");`;

function page({
  body = BOOTSTRAP_BODY,
  preloads = [
    "/assets/entry.client-DXXFJZ56.js",
    "/assets/jsx-runtime-CwPVtFwT.js",
    "/assets/root-Fr368zmv.js",
    "/assets/blog-Bsu6kam6.js",
  ],
} = {}) {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style>body{margin:0}</style>` +
    preloads.map((href) => `<link rel="modulepreload" href="${href}" nonce="abc"/>`).join("") +
    `</head><body><main><img src="/media/a.jpg" fetchpriority="high" elementtiming="first-screen"/><p>Hello</p></main>` +
    `<script nonce="abc">window.__reactRouterContext = {};</script>` +
    `<script nonce="abc" type="module" async="">${body}</script>` +
    `<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>`
  );
}

function moduleScript(html: string): string {
  const match = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no module script");
  return match[1]!;
}

interface FakeImage {
  complete: boolean;
  naturalWidth: number;
  box: { width: number; top: number; bottom: number };
  listeners: Map<string, () => void>;
}

function fakeImage(options: Partial<Omit<FakeImage, "listeners">> = {}): FakeImage {
  return {
    complete: false,
    naturalWidth: 0,
    box: { width: 400, top: 60, bottom: 660 },
    listeners: new Map(),
    ...options,
  };
}

/**
 * Runs the rewritten bootstrap in a fake page: `import()` is recorded; timers, frames and (with
 * `observers`) the Paint and Element Timing observers are driven by hand.
 */
function runBootstrap(source: string, { images = [fakeImage()], observers = false } = {}) {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const frames: Array<() => void> = [];
  const appended: string[] = [];
  const imported: string[] = [];
  const observed = new Map<string, (entries: object[]) => void>();
  class FakeObserver {
    static supportedEntryTypes = ["paint", "element", "largest-contentful-paint"];
    private readonly callback: (list: { getEntries(): object[] }) => void;
    constructor(callback: (list: { getEntries(): object[] }) => void) {
      this.callback = callback;
    }
    observe({ type }: { type: string }) {
      observed.set(type, (entries) => this.callback({ getEntries: () => entries }));
    }
  }
  const elements = images.map((image) => ({
    get complete() {
      return image.complete;
    },
    get naturalWidth() {
      return image.naturalWidth;
    },
    currentSrc: "http://x.test/media/a.jpg?tr=w-828",
    getBoundingClientRect: () => image.box,
    addEventListener: (type: string, fn: () => void) => image.listeners.set(type, fn),
  }));
  const window: Record<string, unknown> = { innerHeight: 800 };
  if (observers) window.PerformanceObserver = FakeObserver;
  const context = vm.createContext({
    window,
    ...(observers ? { PerformanceObserver: FakeObserver } : {}),
    document: {
      querySelectorAll: (selector: string) => (selector === 'img[elementtiming="first-screen"]' ? elements : []),
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    __import: (url: string) => {
      imported.push(url);
      return Promise.resolve({ url });
    },
  });
  // a module's top-level await, run as an async function; import() is the recorder
  const done = vm.runInContext(
    `(async () => {${source.replaceAll("import(", "__import(")}})()`,
    context,
  ) as Promise<void>;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { timers, frames, appended, imported, observed, elements, done, settle, window };
}

describe("paintFirst", () => {
  it("moves the module preloads and the route imports behind the first screen", () => {
    const html = paintFirst(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    const script = moduleScript(html);
    expect(script).not.toMatch(/import \* as/);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-Fr368zmv.js"), import("/assets/blog-Bsu6kam6.js")]);',
    );
    expect(script).toContain(
      '["/assets/entry.client-DXXFJZ56.js","/assets/jsx-runtime-CwPVtFwT.js","/assets/root-Fr368zmv.js","/assets/blog-Bsu6kam6.js"]',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/blog":route1};');
    expect(script).toContain('import("/assets/entry.client-DXXFJZ56.js");');
    // the rest of the page is untouched
    expect(html).toContain("<style>body{margin:0}</style></head>");
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext.streamController.close();</script>');
    expect(() => new vm.Script(`(async () => {${script}})`)).not.toThrow();
  });

  it("without the timing APIs, starts nothing until the priority picture has loaded and a frame has passed", async () => {
    const image = fakeImage();
    const run = runBootstrap(moduleScript(paintFirst(page())), { images: [image] });
    await run.settle();
    expect(run.appended).toEqual([]);
    expect(run.imported).toEqual([]);
    expect(run.frames).toHaveLength(0);
    expect(run.timers.map((t) => t.ms)).toEqual([FIRST_SCREEN_WAIT_MS]);

    image.complete = true;
    image.naturalWidth = 828;
    image.listeners.get("load")!();
    expect(run.frames).toHaveLength(1);
    run.frames[0]!();
    await run.settle();
    expect(run.imported).toEqual([]);
    run.timers.find((t) => t.ms === 0)!.fn();
    await run.done;
    expect(run.appended).toEqual([
      "modulepreload /assets/entry.client-DXXFJZ56.js",
      "modulepreload /assets/jsx-runtime-CwPVtFwT.js",
      "modulepreload /assets/root-Fr368zmv.js",
      "modulepreload /assets/blog-Bsu6kam6.js",
    ]);
    expect(run.imported).toEqual([
      "/assets/root-Fr368zmv.js",
      "/assets/blog-Bsu6kam6.js",
      "/assets/entry.client-DXXFJZ56.js",
    ]);
    expect(run.window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-Fr368zmv.js" },
      "routes/blog": { url: "/assets/blog-Bsu6kam6.js" },
    });
  });

  it("with the timing APIs, waits for the first paint and for each priority picture in view to be drawn", async () => {
    const shown = fakeImage();
    const below = fakeImage({ box: { width: 400, top: 900, bottom: 1200 } });
    const hidden = fakeImage({ box: { width: 0, top: 0, bottom: 0 } });
    const run = runBootstrap(moduleScript(paintFirst(page())), { images: [shown, below, hidden], observers: true });
    const [shownElement, belowElement] = run.elements;
    await run.settle();
    expect([...run.observed.keys()].sort()).toEqual(["element", "paint"]);

    run.observed.get("paint")!([{ name: "first-paint" }, { name: "first-contentful-paint" }]);
    run.observed.get("element")!([{ element: belowElement, url: belowElement!.currentSrc }]);
    // the blurred placeholder under the picture is drawn first: not yet
    run.observed.get("element")!([{ element: shownElement, url: "http://x.test/media/a.jpg?tr=w-32,q-20,bl-10" }]);
    await run.settle();
    expect(run.imported).toEqual([]);
    run.observed.get("element")!([{ element: shownElement, url: shownElement!.currentSrc }]);
    await run.done;
    expect(run.imported).toHaveLength(3);
    expect(run.appended).toHaveLength(4);
    // no frame or timer was needed (a test's paused clock does not hold the page back)
    expect(run.frames).toHaveLength(0);
  });

  it("with the timing APIs, a picture that fails no longer holds the scripts back", async () => {
    const image = fakeImage();
    const run = runBootstrap(moduleScript(paintFirst(page())), { images: [image], observers: true });
    run.observed.get("paint")!([{ name: "first-contentful-paint" }]);
    await run.settle();
    expect(run.imported).toEqual([]);
    image.listeners.get("error")!();
    await run.done;
    expect(run.imported).toHaveLength(3);
  });

  it("with the timing APIs and no priority picture, the first paint is enough", async () => {
    const run = runBootstrap(moduleScript(paintFirst(page())), { images: [], observers: true });
    await run.settle();
    expect(run.imported).toEqual([]);
    run.observed.get("paint")!([{ name: "first-contentful-paint" }]);
    await run.done;
    expect(run.imported).toHaveLength(3);
  });

  it("does not wait for a picture that failed or loaded already, nor for one that stalls", async () => {
    const failed = runBootstrap(moduleScript(paintFirst(page())), { images: [fakeImage({ complete: true })] });
    expect(failed.frames).toHaveLength(1);
    expect(failed.timers.map((t) => t.ms)).toEqual([FIRST_SCREEN_WAIT_MS]);

    const loaded = runBootstrap(moduleScript(paintFirst(page())), {
      images: [fakeImage({ complete: true, naturalWidth: 828 })],
    });
    expect(loaded.frames).toHaveLength(1);

    const image = fakeImage();
    const stalled = runBootstrap(moduleScript(paintFirst(page())), { images: [image], observers: true });
    stalled.timers.find((t) => t.ms === FIRST_SCREEN_WAIT_MS)!.fn();
    await stalled.done;
    expect(stalled.imported).toHaveLength(3);
    // a late paint after the time-out starts nothing twice
    stalled.observed.get("paint")!([{ name: "first-contentful-paint" }]);
    stalled.observed.get("element")!([{ element: stalled.elements[0], url: stalled.elements[0]!.currentSrc }]);
    await stalled.settle();
    expect(stalled.imported).toHaveLength(3);
  });

  it("leaves a page it does not recognise as it is", () => {
    const noBootstrap = `<html><head></head><body><p>Error</p></body></html>`;
    expect(paintFirst(noBootstrap)).toBe(noBootstrap);
    const twice = page().replace("</body>", `<script type="module">${BOOTSTRAP_BODY}</script></body>`);
    expect(paintFirst(twice)).toBe(twice);
    const oddPreload = page({ preloads: ["/assets/a.js", "https://elsewhere.example/x.js"] });
    expect(paintFirst(oddPreload)).toBe(oddPreload);
    const namedImport = page({ body: BOOTSTRAP_BODY.replace("import * as route1 from", "import { x } from") });
    expect(paintFirst(namedImport)).toBe(namedImport);
    const noImports = page({ body: "window.__reactRouterRouteModules = {};" });
    expect(paintFirst(noImports)).toBe(noImports);
  });
});
