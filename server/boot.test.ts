// What every start says about payments (issue 15): a start that takes payments in the sandbox logs a
// warning, whether the sandbox was chosen or runs by default; a start with Paystack says nothing of it.
import { describe, expect, it } from "vitest";
import { warnAboutSandbox } from "./boot.ts";
import { parseEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";

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
