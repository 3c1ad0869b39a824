// What every start says about payments (issue 15): a start that takes payments in the sandbox logs a
// warning, whether the sandbox was chosen or runs by default; a start with Paystack says nothing of it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { warnAboutMalloc, warnAboutSandbox } from "./boot.ts";
import { parseEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { MALLOC_SETTINGS, mallocSettingsPrefix } from "./lib/malloc-settings.ts";

function logged(source: Record<string, string>): Array<Record<string, unknown>> {
  const lines: string[] = [];
  warnAboutSandbox(
    parseEnv(source),
    createLogger("info", (line) => lines.push(line)),
  );
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the start's word on payments", () => {
  it("warns when the sandbox runs by default (a local PUBLIC_URL)", () => {
    const [warning, ...rest] = logged({});
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({
      level: "warn",
      paymentProvider: "sandbox",
      chosen: expect.stringContaining("PAYMENT_PROVIDER unset"),
      publicUrl: "http://localhost:3000",
    });
    expect(warning!.msg).toMatch(/payments run in the offline sandbox: nothing is really paid, and anyone/);
    expect(warning!.msg).toContain("PAYMENT_PROVIDER=paystack");
  });

  it("warns when the sandbox was chosen, on any PUBLIC_URL", () => {
    const [warning] = logged({ PAYMENT_PROVIDER: "sandbox", PUBLIC_URL: "https://demo.academy.example" });
    expect(warning).toMatchObject({
      level: "warn",
      chosen: "PAYMENT_PROVIDER=sandbox",
      publicUrl: "https://demo.academy.example",
    });
  });

  it("says nothing of the sandbox with Paystack", () => {
    expect(
      logged({ PAYMENT_PROVIDER: "paystack", PAYSTACK_PUBLIC_KEY: "pk_test_1", PAYSTACK_SECRET_KEY: "sk_test_1" }),
    ).toEqual([]);
  });
});

// Decision 058: npm start sets glibc's allocator settings, the browser tests' server and the bench
// run with the same, and a production server started without them says so once.
describe("the allocator settings of the production server", () => {
  const startScript = (
    JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts.start!;

  function warnings(processEnv: NodeJS.ProcessEnv, onGlibc = true, nodeEnv = "production") {
    const lines: string[] = [];
    warnAboutMalloc(
      parseEnv({ NODE_ENV: nodeEnv }),
      processEnv,
      () => onGlibc,
      createLogger("info", (line) => lines.push(line)),
    );
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("npm start sets every one of them before node", () => {
    const beforeNode = startScript.slice(0, startScript.indexOf(" node "));
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) expect(beforeNode).toContain(`${name}=${value}`);
    expect(startScript).toContain(mallocSettingsPrefix());
  });

  it("a production start on glibc without them warns, naming what is missing", () => {
    const [warning, ...rest] = warnings({ MALLOC_ARENA_MAX: "2" });
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ level: "warn", missing: ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"] });
    expect(warning!.msg).toContain("Start it with npm start");
  });

  it("says nothing with them, off glibc, or outside production", () => {
    expect(warnings({ ...MALLOC_SETTINGS })).toEqual([]);
    expect(warnings({}, false)).toEqual([]);
    expect(warnings({}, true, "development")).toEqual([]);
  });
});
