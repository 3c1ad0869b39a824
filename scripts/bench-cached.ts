// The cached answers' comparison of `npm run bench` (issue 35; decision 049): for each address, the app
// answering from its page cache, a bare node:http server writing the same bytes from memory
// (scripts/bench-bytes-server.ts) and nginx serving them from files, one after the other in the same run,
// loaded by wrk with what a browser sends. A ratio is given only when wrk made the loads: autocannon, a
// Node process on the same cores, saturates before the servers do, and its ratios measured itself.
import { formatTable } from "./bench-lib.ts";

/** The app answers a cached page at this share of bare Node's rate, and of nginx's, or more. */
export const CACHED_TARGETS = { bare: 0.6, nginx: 0.3 };

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export type Generator = "wrk" | "autocannon";

export interface CachedRow {
  path: string;
  /** the answer's bytes as sent (compressed), and its encoding */
  bytes: number;
  encoding: string | null;
  /** whether the app's answer came from its cache (X-Cache: HIT) */
  hit: boolean;
  app: Figures;
  bare: Figures | null;
  /** a bare node:http server writing the same body with every header the app wrote (informative: no target) */
  bareHeaders?: Figures | null;
  nginx: Figures | null;
  /** each round's rates, in the order run (app, bare and nginx one after the other in each round) */
  rounds?: { app: number[]; bare: number[] | null; bareHeaders?: number[] | null; nginx: number[] | null };
  /**
   * app ÷ bare and app ÷ nginx: the median of each round's ratio (the servers loaded one after the other
   * in a round see the same machine; from one round to the next a 2-core VM's rate moves by a third), or
   * of the rates given when there are no rounds; null when not measured or not made by wrk
   */
  ratioBare: number | null;
  ratioNginx: number | null;
  /** app ÷ bare with the app's headers (informative) */
  ratioBareHeaders?: number | null;
  met: boolean;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ratio(
  app: Figures,
  other: Figures | null,
  generator: Generator,
  rounds?: [number[], number[] | null],
): number | null {
  if (generator !== "wrk" || !other || other.rps <= 0) return null;
  const [appRounds, otherRounds] = rounds ?? [[], null];
  if (otherRounds && otherRounds.length === appRounds.length && otherRounds.every((rps) => rps > 0)) {
    return medianRatio(appRounds, otherRounds);
  }
  return round3(app.rps / other.rps);
}

/**
 * The median of the rounds' ratios `a[i] ÷ b[i]` (three decimals): two servers loaded one after the
 * other within a round see the same machine, while the machine's rate moves between rounds.
 */
export function medianRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length || b.some((rps) => rps <= 0)) {
    throw new Error("medianRatio: the rounds do not pair up");
  }
  return round3(median(a.map((rps, i) => rps / b[i]!)));
}

export function cachedRow(
  row: Pick<CachedRow, "path" | "bytes" | "encoding" | "hit" | "app" | "bare" | "nginx" | "rounds" | "bareHeaders">,
  generator: Generator,
): CachedRow {
  const r = row.rounds;
  const ratioBare = ratio(row.app, row.bare, generator, r && [r.app, r.bare]);
  const ratioNginx = ratio(row.app, row.nginx, generator, r && [r.app, r.nginx]);
  const ratioBareHeaders = row.bareHeaders
    ? ratio(row.app, row.bareHeaders, generator, r && [r.app, r.bareHeaders ?? null])
    : null;
  const clean = (f: Figures | null) => !f || (f.errors === 0 && f.non2xx === 0);
  const met =
    row.hit &&
    clean(row.app) &&
    clean(row.bare) &&
    clean(row.nginx) &&
    ratioBare !== null &&
    ratioBare >= CACHED_TARGETS.bare &&
    ratioNginx !== null &&
    ratioNginx >= CACHED_TARGETS.nginx;
  return { ...row, ratioBare, ratioNginx, ratioBareHeaders, met };
}

export function cachedLines(
  compared: { generator: Generator; connections: number; rounds?: number; rows: CachedRow[] },
  verdict: (ok: boolean) => string,
): string[] {
  const n = (f: Figures | null) => (f ? f.rps.toFixed(0) : "n/a");
  const r = (x: number | null) => (x === null ? "n/a" : x.toFixed(2));
  const table = formatTable(
    [
      "cached answer",
      "bytes",
      "app req/s",
      "bare req/s",
      "bare+h req/s",
      "nginx req/s",
      "app/bare",
      "app/bare+h",
      "app/nginx",
      "p99 app ms",
      "",
    ],
    compared.rows.map((row) => [
      `GET ${row.path}${row.hit ? "" : " (not from the cache!)"}`,
      `${row.bytes}${row.encoding ? ` ${row.encoding}` : ""}`,
      n(row.app),
      n(row.bare),
      n(row.bareHeaders ?? null),
      n(row.nginx),
      r(row.ratioBare),
      r(row.ratioBareHeaders ?? null),
      r(row.ratioNginx),
      String(row.app.p99),
      row.ratioBare === null || row.ratioNginx === null ? "not measured" : verdict(row.met),
    ]),
  );
  const errors = compared.rows.filter((row) =>
    [row.app, row.bare, row.nginx].some((f) => f && (f.errors > 0 || f.non2xx > 0)),
  );
  return [
    `cached answers: the same bytes from the app, a bare node:http server and nginx; ${compared.generator}, ` +
      `${compared.connections} connections, ${compared.rounds ?? 3} rounds (each rate the median round's, each ratio the median of the rounds' ratios), ` +
      `Accept-Encoding: br, gzip and a device cookie; ` +
      `targets app/bare >= ${CACHED_TARGETS.bare}, app/nginx >= ${CACHED_TARGETS.nginx}; ` +
      `bare+h: the same body with every header the app wrote (its security headers, CSP, ETag…), no target`,
    ...(compared.generator === "wrk"
      ? []
      : ["  no ratio: the loads were made by autocannon, which saturates before the servers (install wrk)"]),
    table,
    ...errors.map((row) => `  GET ${row.path}: errors or answers that are not 2xx in a run: the row does not count`),
  ];
}
