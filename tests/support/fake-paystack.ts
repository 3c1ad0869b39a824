// A fake Paystack API on localhost for tests (node:http): POST /transaction/initialize and
// GET /transaction/verify/{reference} with Paystack's request and response shapes (`{ status, message,
// data }`, amounts in kobo, `metadata` an empty string on every other answer), checks of the secret key,
// and charge.success webhooks signed like Paystack's (hex HMAC-SHA512 of the body with the secret key).
// Refunds: POST /refund (`transaction` a reference or id, `amount` in kobo: queued, answered with the
// refund `{ id, status: "pending", amount, transaction: {…} }`; more than what is left is refused), and
// the refund.processed / refund.failed webhooks (`data: { status, transaction_reference,
// refund_reference, amount, currency, processor, customer, integration, domain, id }`).
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: unknown;
  channels: unknown;
  callbackUrl: unknown;
  status: "ongoing" | "success" | "failed" | "abandoned";
  channel: string | null;
  paidAt: string | null;
  /** when set, verify answers this amount instead (a tampered or short payment) */
  answerAmount?: number;
  answerCurrency?: string;
}

export interface FakeRefund {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  status: "pending" | "processing" | "processed" | "failed";
  merchantNote: unknown;
  customerNote: unknown;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** every request received, in order */
  requests: Array<{ method: string; path: string; authorization: string | undefined; body: unknown }>;
  verifyCalls(reference: string): number;
  /** the next `n` requests get a 500 (the provider is down) */
  failNext(n: number): void;
  pay(reference: string, channel?: string): void;
  decline(reference: string): void;
  abandon(reference: string): void;
  /** a charge.success webhook of `reference`, as Paystack posts it */
  webhook(reference: string): { body: string; signature: string };
  /** every refund created, in order */
  refunds: FakeRefund[];
  /** the next refund created answers `failed` at once instead of `pending` */
  refuseNextRefund(): void;
  /** settles the newest refund of `reference` and gives its webhook (refund.processed or refund.failed), signed */
  refundWebhook(reference: string, outcome: "processed" | "failed"): { body: string; signature: string };
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

export async function startFakePaystack(secretKey = "sk_test_fake_secret"): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const requests: FakePaystack["requests"] = [];
  const verifies = new Map<string, number>();
  let failures = 0;
  let answers = 0;
  const refunds: FakeRefund[] = [];
  let refuseRefund = false;

  function data(tx: FakeTransaction) {
    answers += 1;
    return {
      id: 4_000_000 + answers,
      domain: "test",
      status: tx.status,
      reference: tx.reference,
      amount: tx.answerAmount ?? tx.amount,
      message: null,
      gateway_response: tx.status === "success" ? "Successful" : tx.status === "failed" ? "Declined" : "",
      paid_at: tx.paidAt,
      created_at: new Date().toISOString(),
      channel: tx.channel,
      currency: tx.answerCurrency ?? tx.currency,
      ip_address: "127.0.0.1",
      // Paystack answers "" when a transaction has no metadata; it sometimes does for ours too.
      metadata: answers % 2 === 0 ? "" : tx.metadata,
      fees: null,
      customer: { id: 1, email: tx.email, customer_code: "CUS_fake" },
      authorization: {},
    };
  }

  /** Paystack's numeric id of a transaction (stable for its reference) */
  const transactionId = (reference: string) => 4_000_000 + [...transactions.keys()].indexOf(reference) + 1;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      let body: unknown;
      try {
        body = await readBody(req);
      } catch {
        return send(res, 400, { status: false, message: "Invalid JSON" });
      }
      requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, body });
      if (failures > 0) {
        failures -= 1;
        return send(res, 500, { status: false, message: "An error occurred" });
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, { status: false, message: "Invalid key" });
      }
      if (req.method === "POST" && url.pathname === "/transaction/initialize") {
        const b = body as Record<string, unknown>;
        const reference = String(b.reference);
        if (transactions.has(reference))
          return send(res, 400, { status: false, message: "Duplicate Transaction Reference" });
        const metadata = typeof b.metadata === "string" && b.metadata ? JSON.parse(b.metadata) : (b.metadata ?? "");
        transactions.set(reference, {
          reference,
          amount: Number(b.amount),
          currency: String(b.currency ?? "NGN"),
          email: String(b.email),
          metadata,
          channels: b.channels,
          callbackUrl: b.callback_url,
          status: "ongoing",
          channel: null,
          paidAt: null,
        });
        const code = `ac_${reference.slice(-10)}`;
        return send(res, 200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `https://checkout.paystack.com/${code}`, access_code: code, reference },
        });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && verify) {
        const reference = decodeURIComponent(verify[1]!);
        verifies.set(reference, (verifies.get(reference) ?? 0) + 1);
        const tx = transactions.get(reference);
        if (!tx) return send(res, 400, { status: false, message: "Transaction reference not found" });
        return send(res, 200, { status: true, message: "Verification successful", data: data(tx) });
      }
      if (req.method === "POST" && url.pathname === "/refund") {
        const b = (body ?? {}) as Record<string, unknown>;
        const tx = transactions.get(String(b.transaction));
        if (!tx) return send(res, 404, { status: false, message: "Transaction not found" });
        if (tx.status !== "success")
          return send(res, 400, { status: false, message: "Cannot refund a transaction that is not successful" });
        const amount = b.amount === undefined ? tx.amount : Number(b.amount);
        const taken = refunds
          .filter((r) => r.reference === tx.reference && r.status !== "failed")
          .reduce((sum, r) => sum + r.amount, 0);
        if (taken + amount > tx.amount)
          return send(res, 400, { status: false, message: "Transaction has been fully reversed" });
        const refund: FakeRefund = {
          id: 9_000_000 + refunds.length + 1,
          reference: tx.reference,
          amount,
          currency: String(b.currency ?? tx.currency),
          status: refuseRefund ? "failed" : "pending",
          merchantNote: b.merchant_note,
          customerNote: b.customer_note,
        };
        refuseRefund = false;
        refunds.push(refund);
        return send(res, 200, {
          status: true,
          message: "Refund has been queued for processing",
          data: {
            transaction: {
              id: 4_000_000,
              domain: "test",
              reference: tx.reference,
              amount: tx.amount,
              paid_at: tx.paidAt,
              channel: tx.channel,
              currency: tx.currency,
            },
            integration: 100_001,
            deducted_amount: 0,
            channel: null,
            merchant_note: refund.merchantNote ?? null,
            customer_note: refund.customerNote ?? null,
            status: refund.status,
            refunded_by: "owner@example.test",
            expected_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
            currency: refund.currency,
            domain: "test",
            amount: refund.amount,
            fully_deducted: false,
            id: refund.id,
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          },
        });
      }
      if (req.method === "GET" && url.pathname === "/refund") {
        const wanted = url.searchParams.get("transaction");
        const list = [...refunds]
          .filter((r) => !wanted || r.reference === wanted || String(transactionId(r.reference)) === wanted)
          .reverse()
          .map((r) => ({
            id: r.id,
            integration: 100_001,
            domain: "test",
            transaction: transactionId(r.reference),
            transaction_reference: r.reference,
            dispute: null,
            settlement: null,
            amount: r.amount,
            deducted_amount: r.amount,
            fully_deducted: true,
            currency: r.currency,
            channel: "card",
            status: r.status,
            refunded_by: "owner@example.test",
            refunded_at: r.status === "processed" ? new Date().toISOString() : null,
            expected_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
            customer_note: r.customerNote ?? null,
            merchant_note: r.merchantNote ?? null,
            createdAt: new Date().toISOString(),
          }));
        return send(res, 200, {
          status: true,
          message: "Refunds retrieved",
          data: list,
          meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
        });
      }
      return send(res, 404, { status: false, message: "Not found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const get = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`fake Paystack: no transaction ${reference}`);
    return tx;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    requests,
    verifyCalls: (reference) => verifies.get(reference) ?? 0,
    failNext(n) {
      failures = n;
    },
    pay(reference, channel = "card") {
      Object.assign(get(reference), { status: "success", channel, paidAt: new Date().toISOString() });
    },
    decline(reference) {
      Object.assign(get(reference), { status: "failed", channel: "card" });
    },
    abandon(reference) {
      Object.assign(get(reference), { status: "abandoned" });
    },
    webhook(reference) {
      const tx = get(reference);
      const body = JSON.stringify({ event: "charge.success", data: data(tx) });
      return { body, signature: createHmac("sha512", secretKey).update(body).digest("hex") };
    },
    refunds,
    refuseNextRefund() {
      refuseRefund = true;
    },
    refundWebhook(reference, outcome) {
      const refund = refunds.filter((r) => r.reference === reference).at(-1);
      if (!refund) throw new Error(`fake Paystack: no refund of ${reference}`);
      refund.status = outcome;
      const tx = get(reference);
      const body = JSON.stringify({
        event: `refund.${outcome}`,
        data: {
          status: outcome,
          transaction_reference: reference,
          refund_reference: `RF${refund.id}`,
          amount: refund.amount,
          currency: refund.currency,
          processor: "mastercard",
          customer: { first_name: null, last_name: null, email: tx.email },
          integration: 100_001,
          domain: "test",
          id: refund.id,
        },
      });
      return { body, signature: createHmac("sha512", secretKey).update(body).digest("hex") };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
