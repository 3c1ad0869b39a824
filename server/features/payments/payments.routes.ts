// Paying (issue 9, decision 016): starting payments, verification, the webhook, the
// spec's purchase-record calls (intent only: paid comes from verification) and the sandbox checkout;
// an admin's refund (decision 035).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  CoursePurchaseLogSchema,
  EventPurchaseLogSchema,
  PAYMENT_MESSAGES as M,
  PaymentOutcomeSchema,
  PurchaseLogResultSchema,
  StartCoursePaymentSchema,
  StartedPaymentSchema,
  StartTicketPaymentSchema,
} from "../../../contract/payments/payments.ts";
import {
  RefundRequestSchema,
  RefundResultSchema,
  UnsettledRefundSchema,
  type RefundRequest,
} from "../../../contract/payments/refunds.ts";
import { SANDBOX_OUTCOMES } from "../../integrations/payments/sandbox.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import { NotFound } from "../../lib/errors.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { RefundsService } from "./refunds.service.ts";
import type { SandboxCheckout } from "./sandbox-checkout.ts";

const tags = ["Payments"];
const id = z.string().max(100);
const reference = z.string().max(100);
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

const logCoursePurchase = defineRoute({
  access: "public",
  operationId: "logCoursePurchase",
  method: "post",
  path: "/api/courses/{courseId}/purchases",
  tags,
  summary: "Record a course purchase (intent only; paid comes from verification)",
  request: { params: z.object({ courseId: id }), body: json(CoursePurchaseLogSchema) },
  responses: {
    201: jsonResponse("Recorded", PurchaseLogResultSchema),
    404: errorResponse("No such course or payment"),
  },
});

const logEventPurchase = defineRoute({
  access: "public",
  operationId: "logEventPurchase",
  method: "post",
  path: "/api/events/{id}/purchases",
  tags,
  summary: "Record a ticket purchase (intent only; paid comes from verification)",
  request: { params: z.object({ id }), body: json(EventPurchaseLogSchema) },
  responses: {
    201: jsonResponse("Recorded", PurchaseLogResultSchema),
    404: errorResponse("No such event or payment"),
  },
});

const startCoursePayment = defineRoute({
  access: "public",
  operationId: "startCoursePayment",
  method: "post",
  path: "/api/payments/course",
  tags,
  summary: "Start paying for a course: the server computes the amount and records the payment as pending",
  // Open to all; signed in, the payment is recorded as the user's (their /account lists it).
  optionalSignIn: true,
  request: { body: json(StartCoursePaymentSchema) },
  responses: {
    201: jsonResponse("What the browser needs to open the payment pop-up", StartedPaymentSchema),
    404: errorResponse("No such course"),
    422: errorResponse(
      "A field is not valid, or the coupon is not: invalid, for another course, 'This coupon has expired', " +
        "'This coupon has been used up' (decision 034)",
    ),
    503: errorResponse("The payment provider did not answer"),
  },
});

const startTicketPayment = defineRoute({
  access: "public",
  operationId: "startTicketPayment",
  method: "post",
  path: "/api/payments/ticket",
  tags,
  summary: "Start paying for event tickets: the server computes the amount and records the payment as pending",
  optionalSignIn: true,
  request: { body: json(StartTicketPaymentSchema) },
  responses: {
    201: jsonResponse("What the browser needs to open the payment pop-up", StartedPaymentSchema),
    404: errorResponse("No such event"),
    409: errorResponse("The event has no date yet: its tickets are not on sale (decision 061)"),
    503: errorResponse("The payment provider did not answer"),
  },
});

const cancelPayment = defineRoute({
  access: "public",
  operationId: "cancelPayment",
  method: "post",
  path: "/api/payments/{reference}/cancel",
  tags,
  summary: "The payment pop-up was closed without paying: records not_paid",
  request: { params: z.object({ reference }) },
  responses: {
    200: jsonResponse("The payment's state", PaymentOutcomeSchema),
    404: errorResponse("No such payment"),
  },
});

const verifyPayment = defineRoute({
  access: "public",
  operationId: "verifyPayment",
  method: "get",
  path: "/api/verify/{reference}",
  tags,
  summary: "Verify a payment with the provider and answer its state",
  request: { params: z.object({ reference }) },
  responses: {
    200: jsonResponse("The payment's state", PaymentOutcomeSchema),
    404: errorResponse("No such payment"),
    503: errorResponse("The payment provider did not answer"),
  },
});

const refundPayment = defineRoute({
  access: "admin",
  operationId: "refundPayment",
  method: "post",
  path: "/api/admin/payments/{reference}/refund",
  tags,
  summary: "Refund a paid payment in full through the gateway (needs a password from the last 60 minutes)",
  description:
    "Moves the payment to refund_pending once (concurrent requests: one refund, the others a 409) and asks the " +
    "gateway; the sandbox refunds at once (refunded), Paystack settles it later by its refund.processed or " +
    "refund.failed webhook. Refunded: the purchase rows say refunded, the buyer gets one e-mail, and /account no " +
    "longer lists the purchase. A payment whose refund failed may be refunded again. Audited.",
  request: {
    params: z.object({ reference }),
    body: { content: { "application/json": { schema: RefundRequestSchema } }, required: false },
  },
  responses: {
    200: jsonResponse("The payment's state after the request", RefundResultSchema),
    403: errorResponse("Not an admin, or the password must be confirmed first (code step_up_required)"),
    404: errorResponse("No such payment"),
    409: errorResponse("The payment is not paid, already refunded, its refund is in progress, or the gateway refused"),
    503: errorResponse("The payment provider did not answer (the refund may be tried again)"),
  },
});

const retryRefund = defineRoute({
  access: "admin",
  operationId: "retryRefund",
  method: "post",
  path: "/api/admin/payments/{reference}/refund/retry",
  tags,
  summary: "Resume a refund left pending (after a crash, or a webhook that never came), or try a failed one again",
  description:
    "A refund_pending payment nobody is working on is resumed exactly once: the gateway's refunds of the " +
    "transaction are read first, and a refund is asked only when the gateway holds none (a processed one " +
    "settles the payment refunded, a queued one is left to its webhook). A refund_failed payment is refunded " +
    "again (as POST …/refund, with its step-up). Audited.",
  request: { params: z.object({ reference }) },
  responses: {
    200: jsonResponse("The payment's state after the retry", RefundResultSchema),
    403: errorResponse("Not an admin, or (a failed refund) the password must be confirmed first"),
    404: errorResponse("No such payment"),
    409: errorResponse(
      "Its refund is being worked on right now, the payment is not in a refund state, or the gateway refused",
    ),
    503: errorResponse("The payment provider did not answer (the refund may be tried again)"),
  },
});

const listUnsettledRefunds = defineRoute({
  access: "admin",
  operationId: "listUnsettledRefunds",
  method: "get",
  path: "/api/admin/refunds",
  tags,
  summary: "The refunds not settled: refund_pending (with whether anyone is working on it) and refund_failed",
  responses: {
    200: jsonResponse("Oldest first", z.object({ items: z.array(UnsettledRefundSchema) })),
  },
});

/** Where Paystack posts its webhooks (under /backend); its body is screened by the route, not rejectNul. */
export const WEBHOOK_PATH = "/api/payments/webhook";

const webhook = defineRoute({
  access: "public",
  operationId: "receivePaymentWebhook",
  method: "post",
  path: WEBHOOK_PATH,
  tags,
  summary: "Paystack's webhook (x-paystack-signature: hex HMAC-SHA512 of the raw body)",
  description:
    "The signature is checked on the raw body before anything else. A signed body is acknowledged even " +
    "with NUL characters (\\u0000) in its fields: they are taken out before anything is stored.",
  request: { headers: z.object({ "x-paystack-signature": z.string().max(1000).optional() }) },
  responses: {
    200: jsonResponse("Received", z.object({ received: z.literal(true) })),
    401: errorResponse("The signature is missing or not valid"),
  },
});

const sandboxSettle = defineRoute({
  access: "public",
  operationId: "settleSandboxPayment",
  method: "post",
  path: "/api/payments/sandbox/{reference}/{outcome}",
  tags,
  summary: "The sandbox checkout's Pay / Fail / Cancel / bank transfer (PAYMENT_PROVIDER=sandbox only)",
  request: { params: z.object({ reference, outcome: z.enum(SANDBOX_OUTCOMES) }) },
  responses: {
    200: jsonResponse("The payment's state after the choice", PaymentOutcomeSchema),
    404: errorResponse("No such payment, or the sandbox is off"),
  },
});

export function registerPaymentsRoutes(
  app: OpenAPIHono<BackendEnv>,
  { payments, refunds }: { payments: PaymentsService; refunds: RefundsService },
  sandboxCheckout: SandboxCheckout | undefined,
) {
  // (answers about one checkout: never kept by a cache)
  app.openapi(logCoursePurchase, async (c) =>
    c.json(await payments.logCoursePurchase(c.req.valid("param").courseId, c.req.valid("json")), 201),
  );
  app.openapi(logEventPurchase, async (c) =>
    c.json(await payments.logEventPurchase(c.req.valid("param").id, c.req.valid("json")), 201),
  );
  app.openapi(startCoursePayment, async (c) =>
    c.json(await payments.startCoursePayment(c.req.valid("json"), c.get("actor")?.id ?? null), 201),
  );
  app.openapi(startTicketPayment, async (c) =>
    c.json(await payments.startTicketPayment(c.req.valid("json"), c.get("actor")?.id ?? null), 201),
  );
  app.openapi(cancelPayment, async (c) => c.json(await payments.cancel(c.req.valid("param").reference), 200));
  app.openapi(verifyPayment, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await payments.verify(c.req.valid("param").reference, "verify"), 200);
  });
  app.openapi(refundPayment, async (c) => {
    const body = (c.req.valid("json") as RefundRequest | undefined) ?? {};
    return c.json(await refunds.refund(c.get("actor"), c.req.valid("param").reference, body), 200);
  });
  app.openapi(retryRefund, async (c) =>
    c.json(await refunds.retry(c.get("actor"), c.req.valid("param").reference), 200),
  );
  app.openapi(listUnsettledRefunds, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ items: await refunds.unsettled(c.get("actor")) }, 200);
  });
  app.openapi(webhook, async (c) => {
    // The raw body, as signed: never a re-serialised parse of it.
    const raw = await c.req.text();
    await payments.receiveWebhook(raw, c.req.header("x-paystack-signature"));
    return c.json({ received: true as const }, 200);
  });
  app.openapi(sandboxSettle, async (c) => {
    if (!sandboxCheckout) throw NotFound(M.sandboxOnly);
    const { reference: ref, outcome } = c.req.valid("param");
    return c.json(await sandboxCheckout.settle(ref, outcome), 200);
  });
}
