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
  nginx: Figures | null;
  /** app ÷ bare and app ÷ nginx; null when not measured or not made by wrk */
  ratioBare: number | null;
  ratioNginx: number | null;
  met: boolean;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function ratio(app: Figures, other: Figures | null, generator: Generator): number | null {
  if (generator !== "wrk" || !other || other.rps <= 0) return null;
  return round3(app.rps / other.rps);
}

export function cachedRow(
  row: Pick<CachedRow, "path" | "bytes" | "encoding" | "hit" | "app" | "bare" | "nginx">,
  generator: Generator,
): CachedRow {
  const ratioBare = ratio(row.app, row.bare, generator);
  const ratioNginx = ratio(row.app, row.nginx, generator);
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
  return { ...row, ratioBare, ratioNginx, met };
}

export function cachedLines(
  compared: { generator: Generator; connections: number; rows: CachedRow[] },
  verdict: (ok: boolean) => string,
): string[] {
  const n = (f: Figures | null) => (f ? f.rps.toFixed(0) : "n/a");
  const r = (x: number | null) => (x === null ? "n/a" : x.toFixed(2));
  const table = formatTable(
    ["cached answer", "bytes", "app req/s", "bare req/s", "nginx req/s", "app/bare", "app/nginx", "p99 app ms", ""],
    compared.rows.map((row) => [
      `GET ${row.path}${row.hit ? "" : " (not from the cache!)"}`,
      `${row.bytes}${row.encoding ? ` ${row.encoding}` : ""}`,
      n(row.app),
      n(row.bare),
      n(row.nginx),
      r(row.ratioBare),
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
      `${compared.connections} connections, the median of 3 rounds, Accept-Encoding: br, gzip and a device cookie; ` +
      `targets app/bare >= ${CACHED_TARGETS.bare}, app/nginx >= ${CACHED_TARGETS.nginx}`,
    ...(compared.generator === "wrk"
      ? []
      : ["  no ratio: the loads were made by autocannon, which saturates before the servers (install wrk)"]),
    table,
    ...errors.map((row) => `  GET ${row.path}: errors or answers that are not 2xx in a run: the row does not count`),
  ];
}
