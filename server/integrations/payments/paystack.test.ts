// The Paystack client on its own: what it sends, how it reads Paystack's answers, and that every
// failure (timeout, refused, non-2xx, not JSON, status false) is a PaymentGatewayError, never a crash.
import { describe, expect, it } from "vitest";
import { PaymentGatewayError } from "./gateway.ts";
import { createPaystackGateway } from "./paystack.ts";
import { isValidWebhookSignature, signWebhook } from "./signature.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function gatewayAnswering(answer: (url: string, init: RequestInit) => Response | Promise<Response>, timeoutMs = 2000) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const gateway = createPaystackGateway({
    secretKey: "sk_test_x",
    baseUrl: "https://paystack.test",
    timeoutMs,
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }) as typeof fetch,
  });
  return { gateway, calls };
}

describe("the Paystack client", () => {
  it("initializes with the secret key, kobo as Paystack wants it, NGN and the channels", async () => {
    const { gateway, calls } = gatewayAnswering(() =>
      json(200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: "https://checkout.paystack.com/ac1", access_code: "ac1", reference: "ta_1" },
      }),
    );
    expect(await gateway.initialize("ta_1", 250_000, "a@example.test", { kind: "ticket" })).toEqual({
      reference: "ta_1",
      authorizationUrl: "https://checkout.paystack.com/ac1",
      accessCode: "ac1",
    });
    expect(calls[0]!.url).toBe("https://paystack.test/transaction/initialize");
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer sk_test_x");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      email: "a@example.test",
      amount: "250000",
      currency: "NGN",
      reference: "ta_1",
      channels: ["card", "bank_transfer", "ussd"],
      metadata: '{"kind":"ticket"}',
    });
  });

  it("reads verify answers, metadata an empty string or not", async () => {
    for (const metadata of ["", { kind: "course" }]) {
      const { gateway } = gatewayAnswering(() =>
        json(200, {
          status: true,
          message: "Verification successful",
          data: {
            status: "success",
            reference: "ta_2",
            amount: 500000,
            currency: "NGN",
            channel: "card",
            paid_at: "2026-03-01T10:00:00.000Z",
            metadata,
          },
        }),
      );
      expect(await gateway.verify("ta_2")).toMatchObject({
        status: "success",
        amountKobo: 500000,
        currency: "NGN",
        channel: "card",
        paidAt: new Date("2026-03-01T10:00:00.000Z"),
      });
    }
    const ongoing = gatewayAnswering(() =>
      json(200, {
        status: true,
        message: "ok",
        data: { status: "ongoing", reference: "ta_3", amount: 1, currency: "NGN" },
      }),
    );
    expect((await ongoing.gateway.verify("ta_3")).status).toBe("pending");
  });

  it("turns every failure into a PaymentGatewayError", async () => {
    const cases: Array<[string, () => Response | Promise<Response>]> = [
      ["not found", () => json(400, { status: false, message: "Transaction reference not found" })],
      ["bad key", () => json(401, { status: false, message: "Invalid key" })],
      ["server error", () => new Response("<html>502</html>", { status: 502 })],
      ["status false on 200", () => json(200, { status: false, message: "nope" })],
      ["no data", () => json(200, { status: true, message: "ok" })],
      [
        "another reference",
        () => json(200, { status: true, message: "ok", data: { reference: "ta_other", status: "success" } }),
      ],
      ["refused", () => Promise.reject(new TypeError("fetch failed"))],
    ];
    for (const [name, answer] of cases) {
      const { gateway } = gatewayAnswering(answer);
      await expect(gateway.verify("ta_4"), name).rejects.toBeInstanceOf(PaymentGatewayError);
    }
  });

  it("lists a transaction's refunds with GET /refund?transaction=, taking only those that name it", async () => {
    const { gateway, calls } = gatewayAnswering(() =>
      json(200, {
        status: true,
        message: "Refunds retrieved",
        data: [
          { id: 11, transaction_reference: "ta_7", amount: 5000, status: "processed" },
          { id: 12, transaction: { reference: "ta_7" }, amount: 5000, status: "processing" },
          { id: 13, transaction_reference: "ta_other", amount: 5000, status: "processed" },
          { id: 14, amount: 5000, status: "processed" },
        ],
      }),
    );
    expect(await gateway.refundsOf("ta_7")).toEqual([
      { refundId: "11", status: "processed", amountKobo: 5000 },
      { refundId: "12", status: "pending", amountKobo: 5000 },
    ]);
    expect(calls[0]!.url).toBe("https://paystack.test/refund?transaction=ta_7&perPage=100");
    expect(calls[0]!.init.method).toBe("GET");
    const broken = gatewayAnswering(() => json(200, { status: true, message: "ok", data: {} }));
    await expect(broken.gateway.refundsOf("ta_7")).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it("gives up after its timeout", async () => {
    const { gateway } = gatewayAnswering(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason));
        }),
      50,
    );
    await expect(gateway.verify("ta_5")).rejects.toThrow(/no answer within 50 ms/);
  });
});

describe("webhook signatures", () => {
  it("accept exactly the HMAC-SHA512 of the raw body with the secret", () => {
    const body = '{"event":"charge.success","data":{"reference":"ta_6"}}';
    const good = signWebhook(body, "sk_test_x");
    expect(good).toMatch(/^[0-9a-f]{128}$/);
    expect(isValidWebhookSignature(body, good, "sk_test_x")).toBe(true);
    expect(isValidWebhookSignature(body, good.toUpperCase(), "sk_test_x")).toBe(true);
    expect(isValidWebhookSignature(`${body} `, good, "sk_test_x")).toBe(false);
    expect(isValidWebhookSignature(body, good, "sk_test_y")).toBe(false);
    expect(isValidWebhookSignature(body, good.slice(2), "sk_test_x")).toBe(false);
    expect(isValidWebhookSignature(body, undefined, "sk_test_x")).toBe(false);
    expect(isValidWebhookSignature(body, "zz".repeat(64), "sk_test_x")).toBe(false);
  });
});
