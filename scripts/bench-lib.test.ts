import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  collectHomeAssets,
  collectPageAssets,
  extractRouterManifest,
  fileTimestamp,
  formatBytes,
  formatTable,
  parseBenchArgs,
  productionNodeFlags,
  serverLaunch,
} from "./bench-lib.ts";

describe("parseBenchArgs", () => {
  it("defaults to a build, 10 s per route, 3 s warm-up and 10 connections", () => {
    expect(parseBenchArgs([])).toEqual({
      build: true,
      duration: 10,
      warmup: 3,
      connections: 10,
      posts: 10_000,
      payments: 10_000,
      subscribers: 10_000,
      onlyNewsletter: false,
      mixedDuration: 30,
      onlyMixed: false,
      onlyBlog: false,
      onlyCached: false,
      serverHeapMb: 0,
      help: false,
    });
  });

  it("reads every flag; a short duration shortens the default warm-up", () => {
    expect(
      parseBenchArgs(["--no-build", "--duration", "2", "--connections", "4", "--posts", "0", "--payments", "500"]),
    ).toEqual({
      build: false,
      duration: 2,
      warmup: 2,
      connections: 4,
      posts: 0,
      payments: 500,
      subscribers: 10_000,
      onlyNewsletter: false,
      mixedDuration: 30,
      onlyMixed: false,
      onlyBlog: false,
      onlyCached: false,
      serverHeapMb: 0,
      help: false,
    });
    expect(parseBenchArgs(["--warmup", "0", "-h"])).toMatchObject({ warmup: 0, help: true });
    expect(parseBenchArgs(["--only-mixed", "--mixed-duration", "0"])).toMatchObject({
      onlyMixed: true,
      mixedDuration: 0,
    });
    expect(parseBenchArgs(["--only-blog"])).toMatchObject({ onlyBlog: true, onlyMixed: false });
    expect(parseBenchArgs(["--only-cached"])).toMatchObject({ onlyCached: true, onlyBlog: false, onlyMixed: false });
  });

  it("refuses values out of range, non-numbers and unknown flags with a message naming the flag", () => {
    expect(() => parseBenchArgs(["--duration", "0"])).toThrow("--duration must be a number from 1 to 300");
    expect(() => parseBenchArgs(["--connections", "many"])).toThrow(
      '--connections must be a number from 1 to 100 (got "many")',
    );
    expect(() => parseBenchArgs(["--warmup", "61"])).toThrow("--warmup");
    expect(() => parseBenchArgs(["--fast"])).toThrow(/fast/);
    expect(() => parseBenchArgs(["--posts=-1"])).toThrow("--posts must be a number from 0 to 100000");
    expect(() => parseBenchArgs(["--payments", "100001"])).toThrow("--payments must be a number from 0 to 100000");
    expect(() => parseBenchArgs(["--mixed-duration", "301"])).toThrow(
      "--mixed-duration must be a number from 0 to 300",
    );
  });
});

const manifest = {
  entry: { module: "/assets/entry.client-AAA.js", imports: ["/assets/chunk-BBB.js"], css: [] },
  routes: {
    root: {
      id: "root",
      module: "/assets/root-CCC.js",
      imports: ["/assets/chunk-BBB.js"],
      css: ["/assets/root-DDD.css"],
    },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-EEE.js" },
    "routes/about": { id: "routes/about", parentId: "root", module: "/assets/about-FFF.js" },
  },
};

const page = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-AAA.js"/>
<link rel="stylesheet" href="/assets/root-DDD.css?v=1"/>
<link rel="icon" href="/assets/icon-GGG.js"/>
<link rel="preload" href="https://cdn.example.com/assets/x.js"/>
</head><body><script>window.__reactRouterManifest = ${JSON.stringify(manifest)};</script>
<script type="module">import "/assets/manifest-HHH.js"; import * as route0 from "/assets/root-CCC.js";</script>
</body></html>`;

describe("collectHomeAssets", () => {
  it("finds the preloaded, linked and imported assets and the entry, root and home modules, nothing else", () => {
    expect(collectHomeAssets(page)).toEqual({
      js: [
        "/assets/chunk-BBB.js",
        "/assets/entry.client-AAA.js",
        "/assets/home-EEE.js",
        "/assets/manifest-HHH.js",
        "/assets/root-CCC.js",
      ],
      css: ["/assets/root-DDD.css"],
      manifestFound: true,
    });
  });

  it("for another page: the routes its inline script imports, not the home route", () => {
    const about = page.replace(
      'import * as route0 from "/assets/root-CCC.js";',
      'import * as route0 from "/assets/root-CCC.js"; import * as route1 from "/assets/about-FFF.js";',
    );
    expect(collectPageAssets(about).js).toEqual([
      "/assets/about-FFF.js",
      "/assets/chunk-BBB.js",
      "/assets/entry.client-AAA.js",
      "/assets/manifest-HHH.js",
      "/assets/root-CCC.js",
    ]);
    expect(collectPageAssets(page).js).not.toContain("/assets/home-EEE.js");
  });

  it("says when the page has no readable manifest", () => {
    expect(collectHomeAssets("<html><script>window.__reactRouterManifest = {broken</script></html>")).toMatchObject({
      manifestFound: false,
    });
    expect(extractRouterManifest("<html></html>")).toBeNull();
  });

  it("reads a manifest whose strings hold braces and escaped quotes", () => {
    const tricky = { entry: { module: '/assets/a"}{.js' }, routes: {} };
    expect(extractRouterManifest(`window.__reactRouterManifest = ${JSON.stringify(tricky)};`)).toEqual(tricky);
  });
});

describe("the report", () => {
  it("aligns the first column left and the others right", () => {
    expect(
      formatTable(
        ["route", "req/s"],
        [
          ["/", "12.5"],
          ["/courses", "1234.0"],
        ],
      ),
    ).toBe(["route      req/s", "--------  ------", "/           12.5", "/courses  1234.0"].join("\n"));
  });

  it("names files by a sortable UTC time and shows bytes with kilobytes", () => {
    expect(fileTimestamp(new Date("2025-03-01T09:05:07.123Z"))).toBe("2025-03-01T09-05-07Z");
    expect(formatBytes(124_377)).toBe("124,377 B (121.5 KB)");
  });
});

describe("productionNodeFlags", () => {
  it("takes the node options of the start script, and --server-heap-mb in place of its heap limit", () => {
    const start = "NODE_ENV=production node --max-semi-space-size=16 --max-old-space-size=256 build/server/index.js";
    expect(productionNodeFlags(start)).toEqual(["--max-semi-space-size=16", "--max-old-space-size=256"]);
    expect(productionNodeFlags(start, 384)).toEqual(["--max-semi-space-size=16", "--max-old-space-size=384"]);
    expect(productionNodeFlags("node build/server/index.js")).toEqual([]);
    expect(productionNodeFlags("node build/server/index.js", 200)).toEqual(["--max-old-space-size=200"]);
    expect(() => productionNodeFlags("bun build/server/index.js")).toThrow("does not run node");
  });

  it("starts the app and the bare query server alike, and the other comparators as plain Node", () => {
    const start = "NODE_ENV=production node --max-old-space-size=256 --liftoff-only build/server/index.js";
    const allocator = { MALLOC_ARENA_MAX: "2" };
    const same = ["build/server/index.js", "scripts/bench-bare-server.ts"];
    for (const entry of same) {
      expect(serverLaunch(entry, same, start, allocator)).toEqual({
        flags: ["--max-old-space-size=256", "--liftoff-only"],
        env: { MALLOC_ARENA_MAX: "2" },
      });
    }
    expect(serverLaunch("scripts/bench-bare-server.ts", same, start, allocator, 384).flags).toEqual([
      "--liftoff-only",
      "--max-old-space-size=384",
    ]);
    expect(serverLaunch("scripts/bench-bytes-server.ts", same, start, allocator)).toEqual({ flags: [], env: {} });
  });

  it("reads package.json's own start script", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: { start: string };
    };
    expect(productionNodeFlags(pkg.scripts.start)).toContain("--max-semi-space-size=16");
  });
});
