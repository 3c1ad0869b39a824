// The blog's reads at scale, for `npm run bench` (issue 20, decision 043): a database of its own with
// N generated posts (a fresh PGlite directory, or a scratch database made on the DATABASE_URL's
// PostgreSQL server and dropped afterwards: the caller's database is never written), the production
// server started on it (its page cache off: the database's reads are measured), and every blog read
// loaded in turn: the list in each order, a ranked search,
// one post by its slug, its comments and the category names. Each read's req/s and p99 against the
// target (p99 <= 20 ms). A second, larger run (--posts-large, default 100,000 posts) is shorter.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { formatTable } from "./bench-lib.ts";

export const BLOG_P99_TARGET_MS = 20;
/** The large run's seconds per read (and its warm-up): it adds minutes of seeding already. */
const LARGE_DURATION_S = 3;

export interface BlogBenchOptions {
  /** posts of the large run (0: none) */
  postsLarge: number;
}

/** Takes the blog bench's own flags out of the command line; the rest goes to parseBenchArgs. */
export function parseBlogArgs(argv: string[]): { options: BlogBenchOptions; rest: string[] } {
  const { values, tokens } = parseArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: { "posts-large": { type: "string" } },
  });
  const raw = values["posts-large"];
  const postsLarge = raw === undefined ? 100_000 : Number(raw);
  if (typeof raw === "boolean" || !Number.isInteger(postsLarge) || postsLarge < 0 || postsLarge > 1_000_000) {
    throw new Error(`--posts-large must be a whole number from 0 to 1000000 (got "${String(raw)}")`);
  }
  const skip = new Set<number>();
  for (const token of tokens ?? []) {
    if (token.kind === "option" && token.name === "posts-large") {
      skip.add(token.index);
      if (token.inlineValue === false) skip.add(token.index + 1);
    }
  }
  return { options: { postsLarge }, rest: argv.filter((_, i) => !skip.has(i)) };
}

export const BLOG_USAGE = `  --posts-large N   generated posts of the blog reads' large run (default 100000, 0 skips it; ${LARGE_DURATION_S} s per read)`;

/** What the bench lends this module: its server start and stop, and its measured load. */
export interface BlogBenchHooks {
  root: string;
  /** the environment of the production server (and of the seed) on this data dir or database */
  env(port: number, dataDir: string, databaseUrl: string | undefined): Record<string, string>;
  freePort(): Promise<number>;
  /** starts the production server and resolves once it is healthy */
  start(name: string, env: Record<string, string>): Promise<BlogBenchServer>;
  log(message: string): void;
}

export interface BlogBenchServer {
  base: string;
  /** the bench's measured load on one path: a probe, a discarded warm-up, the run */
  load(
    urlPath: string,
    timing: { duration: number; warmup: number },
  ): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number; status: number }>;
  stop(): Promise<void>;
}

export interface BlogRead {
  read: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  status: number;
  met: boolean;
}

export interface BlogRun {
  engine: "pglite" | "postgres";
  posts: number;
  seedSeconds: number;
  duration: number;
  reads: BlogRead[];
}

/** The reads, once a post of the demo blog (it has comments) is known. */
function blogReads(post: { slug: string; id: string }): Array<[string, string]> {
  return [
    ["list, newest (default)", "/backend/posts"],
    ["list, popular", "/backend/posts?sort=popular"],
    ["list, trending", "/backend/posts?sort=trending"],
    ["list, oldest", "/backend/posts?sort=oldest"],
    ["list, ranked search", "/backend/posts?search=design%20tips"],
    ["list, category + trending", "/backend/posts?cat=coding&sort=trending"],
    ["post by slug", `/backend/posts/${post.slug}`],
    ["its comments", `/backend/comments/${post.id}`],
    ["categories", "/backend/posts/categories"],
  ];
}

/** A scratch database on the server of `serverUrl`, dropped by the returned function. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `academy_bench_blog_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** npm run seed -- --posts N on that data dir or database (migrations, demo content, generated posts). */
async function seed(hooks: BlogBenchHooks, env: Record<string, string>, posts: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/seed.ts", "--posts", String(posts)], {
    cwd: hooks.root,
    env,
    stdio: ["ignore", 2, 2],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c) => resolve(c));
  });
  if (code !== 0) throw new Error(`npm run seed -- --posts ${posts} failed (exit code ${code})`);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Every blog read loaded in turn on a running server, each against the target. */
export async function loadBlogReads(
  server: BlogBenchServer,
  timing: { duration: number; warmup: number },
): Promise<BlogRead[]> {
  const res = await fetch(`${server.base}/backend/posts?featured=true&limit=1`);
  const featured = (await res.json()) as { posts?: Array<{ slug: string; _id: string }> };
  const post = featured.posts?.[0];
  if (!post) throw new Error("the blog bench's database has no featured post");
  const reads: BlogRead[] = [];
  for (const [read, urlPath] of blogReads({ slug: post.slug, id: post._id })) {
    const r = await server.load(urlPath, timing);
    const ok = r.status === 200 && r.errors === 0 && r.non2xx === 0;
    reads.push({ read, path: urlPath, ...r, met: ok && r.p99 <= BLOG_P99_TARGET_MS });
  }
  return reads;
}

/**
 * One run: `posts` generated posts in a database of its own (under `workDir` for PGlite; a scratch
 * database next to `databaseUrl` for PostgreSQL), the server on it, each read loaded.
 */
export async function benchBlogReads(
  hooks: BlogBenchHooks,
  options: { databaseUrl: string | undefined; workDir: string; posts: number; duration: number; warmup: number },
): Promise<BlogRun> {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : null;
  const dataDir = path.join(options.workDir, `blog-${options.posts}`);
  try {
    const port = await hooks.freePort();
    // the page cache off (decision 044): every request reads the database, as a cache miss does (a
    // search, a page, a filter nobody asked for yet)
    const env = { ...hooks.env(port, dataDir, scratch?.url), PAGE_CACHE_MAX_BYTES: "0" };
    hooks.log(`blog reads (${engine}): seeding ${options.posts} generated posts`);
    const seedSeconds = await seed(hooks, env, options.posts);
    const server = await hooks.start(`app (blog, ${options.posts} posts)`, env);
    try {
      const reads = await loadBlogReads(server, options);
      return { engine, posts: options.posts, seedSeconds, duration: options.duration, reads };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
  }
}

/** The standard run (the bench's --posts, its duration) and the large one (--posts-large, shorter). */
export async function benchBlog(
  hooks: BlogBenchHooks,
  options: BlogBenchOptions & {
    databaseUrl: string | undefined;
    workDir: string;
    posts: number;
    duration: number;
    warmup: number;
  },
): Promise<BlogRun[]> {
  const runs: BlogRun[] = [];
  if (options.posts > 0) runs.push(await benchBlogReads(hooks, options));
  if (options.postsLarge > 0) {
    const short = Math.min(options.duration, LARGE_DURATION_S);
    runs.push(
      await benchBlogReads(hooks, {
        ...options,
        posts: options.postsLarge,
        duration: short,
        warmup: Math.min(options.warmup, short),
      }),
    );
  }
  return runs;
}

/** The report's lines: one row per read and run, with the target and met/missed. */
export function blogLines(runs: BlogRun[]): string[] {
  if (runs.length === 0) return ["blog reads           not measured (--posts 0 and --posts-large 0)"];
  const rows = runs.flatMap((run) =>
    run.reads.map((r) => [
      `${run.engine} ${run.posts.toLocaleString("en-US")} posts`,
      r.read,
      r.rps.toFixed(1),
      String(r.p50),
      String(r.p99),
      `<= ${BLOG_P99_TARGET_MS}`,
      r.met ? "met" : "missed",
      r.errors + r.non2xx > 0 ? `${r.errors} errors, ${r.non2xx} non-2xx` : "",
    ]),
  );
  const met = runs.flatMap((r) => r.reads).filter((r) => r.met).length;
  const total = runs.flatMap((r) => r.reads).length;
  return [
    `blog reads (p99 target <= ${BLOG_P99_TARGET_MS} ms; ${runs
      .map((r) => `${r.posts} posts seeded in ${r.seedSeconds} s, ${r.duration} s per read`)
      .join("; ")}): ${met} of ${total} met`,
    formatTable(["run", "read", "req/s", "p50 ms", "p99 ms", "p99 target", "verdict", "failures"], rows),
  ];
}
