// The bench's cached-answer comparison (issue 35): wrk's report read right, and a ratio only when wrk
// made the loads, the copy came from the cache and no run had errors.
import { describe, expect, it } from "vitest";
import { CACHED_TARGETS, cachedLines, cachedRow, medianRatio, type Figures } from "./bench-cached.ts";
import { parseWrk } from "./bench-wrk.ts";

const WRK_REPORT = `Running 10s test @ http://127.0.0.1:35123/
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.02ms  312.40us  14.10ms   91.20%
    Req/Sec    31.50k     1.20k   33.10k    80.00%
  Latency Distribution
     50%  980.00us
     75%    1.10ms
     90%    1.30ms
     99%    2.50ms
  313500 requests in 10.00s, 6.53GB read
  Socket errors: connect 0, read 2, write 1, timeout 3
  Non-2xx or 3xx responses: 4
Requests/sec:  31349.87
Transfer/sec:    668.70MB
`;

const figures = (rps: number, extra: Partial<Figures> = {}): Figures => ({
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  non2xx: 0,
  ...extra,
});

describe("parseWrk", () => {
  it("reads the rate, the percentiles in their units, the errors and the answers that are not 2xx", () => {
    expect(parseWrk(WRK_REPORT)).toEqual({
      rps: 31349.9,
      p50: 0.98,
      p99: 2.5,
      requests: 313500,
      errors: 3,
      timeouts: 3,
      non2xx: 4,
    });
  });

  it("refuses what is not a finished run's report", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(/wrk printed no result/);
  });
});

describe("cachedRow", () => {
  const row = { path: "/", bytes: 22_000, encoding: "br", hit: true };

  it("gives both ratios and meets the targets only at or above both", () => {
    const met = cachedRow({ ...row, app: figures(6_000), bare: figures(10_000), nginx: figures(20_000) }, "wrk");
    expect(met).toMatchObject({ ratioBare: 0.6, ratioNginx: 0.3, met: true });
    const slow = cachedRow({ ...row, app: figures(5_000), bare: figures(10_000), nginx: figures(12_000) }, "wrk");
    expect(slow.ratioBare).toBeLessThan(CACHED_TARGETS.bare);
    expect(slow.met).toBe(false);
    expect(
      cachedLines({ generator: "wrk", connections: 32, rows: [met, slow] }, (ok) => (ok ? "met" : "missed")).join("\n"),
    ).toMatch(/GET \/ .* met\n.*GET \/ .* missed/s);
  });

  it("takes the median of the rounds' ratios: a slow round slows every server loaded in it", () => {
    const rounds = { app: [6_000, 3_000, 6_600], bare: [10_000, 5_000, 10_000], nginx: [20_000, 10_000, 22_000] };
    const loads = { app: figures(6_000), bare: figures(10_000), nginx: figures(20_000) };
    const byRound = cachedRow({ ...row, ...loads, rounds }, "wrk");
    expect(byRound).toMatchObject({ ratioBare: 0.6, ratioNginx: 0.3, met: true });
    // the rounds' ratios 0.75, 0.5 and 0.7: their median, not the median rates' ratio (6,000 ÷ 10,000)
    const mixed = cachedRow(
      { ...row, ...loads, rounds: { ...rounds, app: [3_000, 6_000, 7_000], bare: [4_000, 12_000, 10_000] } },
      "wrk",
    );
    expect(mixed.ratioBare).toBe(0.7);
    const withHeaders = cachedRow(
      { ...row, ...loads, bareHeaders: figures(8_000), rounds: { ...rounds, bareHeaders: [8_000, 4_000, 8_000] } },
      "wrk",
    );
    expect(withHeaders).toMatchObject({ ratioBareHeaders: 0.75, met: true });
    expect(cachedLines({ generator: "wrk", connections: 32, rows: [withHeaders] }, String).join("\n")).toMatch(
      /GET \/ .* 8000 .* 0\.60 +0\.75 +0\.30 /,
    );
    const two = cachedRow(
      { ...row, ...loads, rounds: { app: [5_000, 7_000], bare: [10_000, 10_000], nginx: null } },
      "wrk",
    );
    expect(two.ratioBare).toBe(0.6);
  });

  it("gives no ratio for autocannon's loads, and does not count a miss of the cache or a run with errors", () => {
    const loads = { app: figures(9_000), bare: figures(10_000), nginx: figures(10_000) };
    const autocannon = cachedRow({ ...row, ...loads }, "autocannon");
    expect(autocannon).toMatchObject({ ratioBare: null, ratioNginx: null, met: false });
    expect(cachedLines({ generator: "autocannon", connections: 32, rows: [autocannon] }, String).join("\n")).toMatch(
      /no ratio: the loads were made by autocannon/,
    );
    expect(cachedRow({ ...row, ...loads, hit: false }, "wrk").met).toBe(false);
    expect(cachedRow({ ...row, ...loads, app: figures(9_000, { non2xx: 1 }) }, "wrk").met).toBe(false);
    expect(cachedRow({ ...row, ...loads, nginx: null }, "wrk")).toMatchObject({ ratioNginx: null, met: false });
  });
});

describe("medianRatio", () => {
  it("pairs each round's rates and takes the median of their ratios, not the ratio of the medians", () => {
    // rounds on a machine whose rate drifts: the medians' ratio (3000 / 3000 = 1) would hide the app's
    // steady lead, the rounds' ratios (1.2, 1.25, 1.2) show it
    expect(medianRatio([6000, 2500, 3000], [5000, 2000, 3000 / 1.2])).toBe(1.2);
    expect(medianRatio([900, 1000], [1000, 1000])).toBe(0.95);
    expect(medianRatio([2128.9], [2546.5])).toBe(0.836);
  });

  it("refuses rounds that do not pair up or a rate of nothing", () => {
    expect(() => medianRatio([], [])).toThrow("do not pair up");
    expect(() => medianRatio([1, 2], [1])).toThrow("do not pair up");
    expect(() => medianRatio([1], [0])).toThrow("do not pair up");
  });
});
