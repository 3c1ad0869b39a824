// Pure helpers of `npm run bench` (scripts/bench.ts): flags, the home page's asset list, and the report.
import { parseArgs } from "node:util";

export interface BenchOptions {
  build: boolean;
  /** seconds measured per route */
  duration: number;
  /** seconds of load before each measurement, discarded */
  warmup: number;
  connections: number;
  /** generated posts added to the fresh PGlite database before the app starts (0: only the demo blog) */
  posts: number;
  /** generated payments added to that database once the routes are measured, for the admin figures' query (0: none) */
  payments: number;
  /** confirmed newsletter subscribers the bulk e-mail goes to (0: not measured) */
  subscribers: number;
  /** only the bulk e-mail */
  onlyNewsletter: boolean;
  /** seconds of the 100-connection mixed run (0: not run) */
  mixedDuration: number;
  /** only the mixed run (and the RSS it reports) */
  onlyMixed: boolean;
  /** only the blog reads (at --posts and --posts-large) */
  onlyBlog: boolean;
  /** only the cached answers against bare Node and nginx, and the API query like with like */
  onlyCached: boolean;
  /** V8's old-space limit for the measured server, in MB (0: Node's default) */
  serverHeapMb: number;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [--no-build] [--duration S] [--warmup S] [--connections N] [--posts N] [--payments N]

  --no-build        use the existing build/ instead of running \`react-router build\`
  --duration S      seconds measured per route (default 10, 1-300)
  --warmup S        seconds of discarded load before each measurement (default 3, or the duration when shorter; 0-60)
  --connections N   concurrent connections (default 10, 1-100)
  --posts N         generated posts added before the blog routes are measured (default 10000, 0-100000;
                    only on the fresh PGlite directory, never on a DATABASE_URL)
  --payments N      generated payments of the last 60 days added before the admin figures' query is
                    timed (default 10000, 0-100000; same rule)
  --subscribers N   confirmed newsletter subscribers a bulk e-mail is sent to, into a local SMTP sink
                    (default 10000, 0-100000; 0 skips it)
  --only-newsletter measure the bulk e-mail only (no route loads, no image, no bare server)
  --mixed-duration S seconds of the mixed run: 100 connections of pages, API reads and contact posts
                    (default 30, 0-300; 0 skips it); on PostgreSQL also against two processes
  --only-mixed      the mixed run only (and the servers' RSS, idle and under load)
  --only-blog       the blog reads only (at --posts, and at --posts-large unless 0)
  --only-cached     the cached answers (app, bare node:http and nginx with the same bytes) and the
                    API query without a cache (app and bare with the same query) only
  --server-heap-mb N run the measured server with --max-old-space-size=N (default: the one of npm start)

Set DATABASE_URL to bench against that PostgreSQL instead of a fresh PGlite directory. LOAD_SHED_*
settings in the bench's environment are given to the app server (decision 041).`;

function boundedNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      "no-build": { type: "boolean", default: false },
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      posts: { type: "string" },
      payments: { type: "string" },
      subscribers: { type: "string" },
      "only-newsletter": { type: "boolean", default: false },
      "mixed-duration": { type: "string" },
      "only-mixed": { type: "boolean", default: false },
      "only-blog": { type: "boolean", default: false },
      "only-cached": { type: "boolean", default: false },
      "server-heap-mb": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const duration = boundedNumber("duration", values.duration, 10, 1, 300);
  return {
    build: !values["no-build"],
    duration,
    warmup: boundedNumber("warmup", values.warmup, Math.min(3, duration), 0, 60),
    connections: Math.round(boundedNumber("connections", values.connections, 10, 1, 100)),
    posts: Math.round(boundedNumber("posts", values.posts, 10_000, 0, 100_000)),
    payments: Math.round(boundedNumber("payments", values.payments, 10_000, 0, 100_000)),
    subscribers: Math.round(boundedNumber("subscribers", values.subscribers, 10_000, 0, 100_000)),
    onlyNewsletter: values["only-newsletter"],
    mixedDuration: Math.round(boundedNumber("mixed-duration", values["mixed-duration"], 30, 0, 300)),
    onlyMixed: values["only-mixed"],
    onlyBlog: values["only-blog"],
    onlyCached: values["only-cached"],
    serverHeapMb: Math.round(boundedNumber("server-heap-mb", values["server-heap-mb"], 0, 0, 16_384)),
    help: values.help,
  };
}

interface ManifestEntry {
  id?: string;
  parentId?: string;
  index?: boolean;
  module?: string;
  imports?: string[];
  css?: string[];
}

export interface RouterManifest {
  entry?: ManifestEntry;
  routes?: Record<string, ManifestEntry>;
}

/** The object literal assigned to window.__reactRouterManifest in the server-rendered page, or null. */
export function extractRouterManifest(html: string): RouterManifest | null {
  const marker = html.indexOf("window.__reactRouterManifest");
  if (marker < 0) return null;
  const start = html.indexOf("{", marker);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < html.length; i++) {
    const ch = html[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      try {
        return JSON.parse(html.slice(start, i + 1)) as RouterManifest;
      } catch {
        return null;
      }
    }
  }
  return null;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Only same-origin build assets count: "/assets/x.js" (query and fragment dropped). */
function assetPath(ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const clean = ref.split(/[?#]/)[0]!;
  return /^\/assets\/[^/]+\.(js|css)$/.test(clean) ? clean : undefined;
}

export interface HomeAssets {
  js: string[];
  css: string[];
  /** false when the page has no readable window.__reactRouterManifest */
  manifestFound: boolean;
}

/**
 * Every /assets/*.js and *.css the home page loads: modulepreload, stylesheet and script links, the
 * imports of its inline module scripts, and the entry, root and home-route modules named in the inline manifest.
 */
export function collectHomeAssets(html: string): HomeAssets {
  return collectAssets(
    html,
    (id, route) => id === "routes/home" || (route.index === true && route.parentId === "root"),
  );
}

/**
 * The same for any page: its links and inline imports, and from the manifest the entry, the root and
 * the routes whose module the page's inline script imports (the routes it matched).
 */
export function collectPageAssets(html: string): HomeAssets {
  return collectAssets(html, (_id, route, found) => route.module !== undefined && found.has(route.module));
}

function collectAssets(
  html: string,
  isPageRoute: (id: string, route: ManifestEntry, found: ReadonlySet<string>) => boolean,
): HomeAssets {
  const found = new Set<string>();
  const add = (ref: string | undefined) => {
    const asset = assetPath(ref);
    if (asset) found.add(asset);
  };

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") || rel.includes("stylesheet") || rel.includes("preload")) {
      add(attribute(tag, "href"));
    }
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(attribute(tag, "src"));
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const m of body!.matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*["'](\/assets\/[^"']+)["']/g)) add(m[1]);
  }

  const manifest = extractRouterManifest(html);
  if (manifest) {
    const entries: ManifestEntry[] = [];
    if (manifest.entry) entries.push(manifest.entry);
    for (const [id, route] of Object.entries(manifest.routes ?? {})) {
      if (id === "root" || isPageRoute(id, route, found)) entries.push(route);
    }
    for (const entry of entries) {
      add(entry.module);
      for (const ref of entry.imports ?? []) add(ref);
      for (const ref of entry.css ?? []) add(ref);
    }
  }

  const all = [...found].sort();
  return {
    js: all.filter((p) => p.endsWith(".js")),
    css: all.filter((p) => p.endsWith(".css")),
    manifestFound: manifest !== null,
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A fixed-width table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function loadRow(label: string, r: LoadResult): string[] {
  return [label, r.rps.toFixed(1), String(r.p50), String(r.p99), String(r.errors), String(r.non2xx)];
}

/** 2025-03-01T09-05-07Z: sortable and safe in a file name. */
export function fileTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

export const formatBytes = (n: number) => `${n.toLocaleString("en-US")} B (${(n / 1024).toFixed(1)} KB)`;

/**
 * The Node options that `npm start` gives the production server (package.json's start script: the
 * `--` words between `node` and the entry), so that the bench measures the server as it runs in
 * production (decision 039). `heapMb` (--server-heap-mb) replaces the script's --max-old-space-size.
 */
export function productionNodeFlags(startScript: string, heapMb = 0): string[] {
  const words = startScript.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node < 0) throw new Error(`the start script does not run node: ${startScript}`);
  const flags: string[] = [];
  for (const word of words.slice(node + 1)) {
    if (!word.startsWith("--")) break;
    flags.push(word);
  }
  if (!heapMb) return flags;
  return [...flags.filter((flag) => !flag.startsWith("--max-old-space-size")), `--max-old-space-size=${heapMb}`];
}

/**
 * How the bench starts a server of its own: the app, and the bare server that runs the app's query on
 * the same database (`sameRuntime`), get the Node options and allocator settings of `npm start`; the
 * other comparators run as plain Node. Like with like: the query's cost includes the engine's, and
 * PGlite's WebAssembly runs under the start script's --liftoff-only in both (issue 35).
 */
export function serverLaunch(
  entry: string,
  sameRuntime: readonly string[],
  startScript: string,
  allocator: Readonly<Record<string, string>>,
  heapMb = 0,
): { flags: string[]; env: Record<string, string> } {
  if (!sameRuntime.includes(entry)) return { flags: [], env: {} };
  return { flags: productionNodeFlags(startScript, heapMb), env: { ...allocator } };
}
