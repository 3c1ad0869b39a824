// What each middleware of the app costs per API request (issue 20, decision 043), in process: the
// chain of server/app.ts and of the API (server/http/backend.ts) around one declared public route that
// answers a fixed list of ten courses (no database: only the middleware is timed), called with
// app.request() as autocannon calls the bench's /backend/api/courses (GET, no cookie, no
// Accept-Encoding). Times are this process's CPU time (process.cpuUsage), which other work on a busy
// machine disturbs far less than the clock. Each middleware is timed twice: in the chain (the whole
// chain's time per request minus the chain's without it) and alone (the route with only it, minus the
// route alone). Rounds alternate between the variants; each variant keeps its fastest round.
// `node scripts/bench-middleware.ts` prints the table; npm run bench prints it too.
import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { Auth } from "../server/features/auth/auth.ts";
import { accessGuard } from "../server/http/access-policy.ts";
import { limitBody } from "../server/http/backend.ts";
import type { BackendEnv } from "../server/http/backend-env.ts";
import { defineRoute } from "../server/http/define-route.ts";
import { deviceCookie } from "../server/http/device.ts";
import { rejectBadHost, rejectNul } from "../server/http/input-guard.ts";
import { mediaCors } from "../server/http/media.ts";
import { compression, etag, requestLogger, securityHeaders, type AppEnv } from "../server/http/middleware.ts";
import { rateLimits, type RateLimiter } from "../server/http/rate-limit.ts";
import { loadActor, sameOriginWrites } from "../server/http/session.ts";
import { createLogger } from "../server/lib/logger.ts";
import { formatTable } from "./bench-lib.ts";

/** Ten course-like records, about the size of the seeded catalogue's answer. */
const COURSES = Array.from({ length: 10 }, (_, i) => ({
  _id: `6a1b2c3d4e5f6a7b8c9d0e${String(i).padStart(2, "0")}`,
  title: `Course number ${i}: a practical introduction for beginners`,
  slug: `course-number-${i}`,
  desc: "Learn the basics step by step, with projects you can show to clients and employers. ".repeat(3),
  img: `/media/courses/course-${i}.jpg`,
  price: 4_500_000 + i * 100_000,
  category: ["Coding", "Graphic Design", "Cybersecurity"][i % 3],
  level: "Beginner",
  duration: "8 weeks",
  lessons: 24,
  isFeatured: i < 3,
  createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
  updatedAt: new Date(Date.UTC(2025, 1, 1 + i)).toISOString(),
}));

const PATH = "/backend/api/courses";
const listCourses = defineRoute({
  access: "public",
  operationId: "listCourses",
  method: "get",
  path: "/api/courses",
  summary: "List courses",
  request: { query: z.object({ ids: z.string().max(3000).optional() }) },
  responses: { 200: { description: "The courses", content: { "application/json": { schema: z.array(z.any()) } } } },
});

/** No session is ever looked up: the measured request carries no cookie and no bearer token. */
const noAuth = { api: { getSession: () => Promise.resolve(null) } } as unknown as Auth;
/** GET /api/courses has no limit: the limiter is never asked. */
const noLimiter = { hit: () => Promise.resolve({ ok: true as const }) } as unknown as RateLimiter;

type Named = [name: string, make: () => MiddlewareHandler<AppEnv>];

/** server/app.ts's chain, in its order (production settings; the logger at the bench's warn level). */
const APP_CHAIN: Named[] = [
  ["requestLogger", () => requestLogger(createLogger("warn", () => {}))],
  ["securityHeaders", () => securityHeaders({ csp: true })],
  ["rejectBadHost", () => rejectBadHost()],
  ["compression", () => compression()],
  ["mediaCors", () => mediaCors([])],
  ["deviceCookie", () => deviceCookie({ secure: false }) as MiddlewareHandler<AppEnv>],
  ["body limit", () => limitBody(1024 * 1024) as MiddlewareHandler<AppEnv>],
  ["loadActor (session lookup)", () => loadActor(noAuth)],
  ["sameOriginWrites", () => sameOriginWrites(() => true)],
  ["rejectNul", () => rejectNul()],
];
/** server/http/backend.ts's chain. */
const API_CHAIN = ["etag", "access (define-route)", "rateLimits"] as const;

/** The route behind the middleware that `keep` accepts. */
function buildApp(keep: (name: string) => boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [name, make] of APP_CHAIN) if (keep(name)) app.use("*", make());
  const api = new OpenAPIHono<BackendEnv>();
  if (keep("etag")) api.use("/api/*", etag());
  if (keep("access (define-route)")) api.use("*", accessGuard(api));
  if (keep("rateLimits")) api.use("*", rateLimits(noLimiter, { secureCookies: false }));
  api.openapi(listCourses, (c) => c.json(COURSES, 200));
  app.route("/backend", api);
  return app;
}

async function timeRequests(app: Hono<AppEnv>, n: number): Promise<number> {
  const url = `http://127.0.0.1:3000${PATH}`;
  const headers = { Host: "127.0.0.1:3000", "User-Agent": "autocannon" };
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await app.request(url, { headers });
    await res.text();
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

export interface MiddlewareCost {
  name: string;
  /** µs per request: the chain's time minus the chain's without it (negative: lost in the noise) */
  inChainUs: number;
  /** µs per request: the route with only this middleware minus the route alone */
  aloneUs: number;
}

export interface MiddlewareCosts {
  /** µs per request: the route alone (Hono, its validation, JSON) */
  bareUs: number;
  /** µs per request: the route behind every middleware */
  chainUs: number;
  costs: MiddlewareCost[];
}

const fastest = (values: number[]) => Math.min(...values);

export async function measureMiddlewareCosts(
  options: { rounds?: number; perRound?: number } = {},
): Promise<MiddlewareCosts> {
  const rounds = options.rounds ?? 9;
  const perRound = options.perRound ?? 1000;
  const names = [...APP_CHAIN.map(([name]) => name), ...API_CHAIN];
  const variants = new Map<string, Hono<AppEnv>>([
    ["(route alone)", buildApp(() => false)],
    ["(whole chain)", buildApp(() => true)],
    ...names.map((name) => [`without ${name}`, buildApp((n) => n !== name)] as const),
    ...names.map((name) => [`only ${name}`, buildApp((n) => n === name)] as const),
  ]);
  const times = new Map<string, number[]>([...variants.keys()].map((k) => [k, []]));
  for (const app of variants.values()) await timeRequests(app, 500); // warm-up: JIT and first-request setup
  for (let round = 0; round < rounds; round++) {
    for (const [name, app] of variants) times.get(name)!.push(await timeRequests(app, perRound));
  }
  const chainUs = fastest(times.get("(whole chain)")!);
  const bareUs = fastest(times.get("(route alone)")!);
  return {
    bareUs,
    chainUs,
    costs: names.map((name) => ({
      name,
      inChainUs: chainUs - fastest(times.get(`without ${name}`)!),
      aloneUs: fastest(times.get(`only ${name}`)!) - bareUs,
    })),
  };
}

export function middlewareLines(result: MiddlewareCosts): string[] {
  const round1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
  return [
    `middleware per API request (in process, app.request GET ${PATH}, CPU µs): route alone ${round1(result.bareUs)}, ` +
      `behind the whole chain ${round1(result.chainUs)}`,
    formatTable(
      ["middleware", "in the chain", "alone"],
      result.costs.map((c) => [c.name, round1(c.inChainUs), round1(c.aloneUs)]),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureMiddlewareCosts();
  process.stdout.write(middlewareLines(result).join("\n") + "\n");
}
