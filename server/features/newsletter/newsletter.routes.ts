// Newsletter subscription (public-area §7 "POST /api/newsletter", §8) and its admin (admin-back-office §7
// "Contacts and newsletter": GET /api/admin/newsletter, DELETE /api/admin/newsletter/{id}, POST
// /api/admin/newsletter/bulk-email; issue 19; decision 037), with the CSV export, the sends' progress
// and the unsubscribe call a mail app makes with one click (RFC 8058).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { NewsletterInputSchema, NewsletterResultSchema } from "../../../contract/messaging/messaging.ts";
import {
  BulkEmailInputSchema,
  BulkEmailResultSchema,
  CampaignListSchema,
  CampaignSchema,
  SubscriberPageSchema,
  SubscribersQuerySchema,
} from "../../../contract/messaging/newsletter.ts";
import type { BackendEnv } from "../../http/backend-env.ts";
import { defineRoute, errorResponse, jsonResponse } from "../../http/define-route.ts";
import type { NewsletterService } from "./newsletter.service.ts";

const tags = ["Newsletter"];

const subscribe = defineRoute({
  access: "public",
  operationId: "subscribeToNewsletter",
  method: "post",
  path: "/api/newsletter",
  tags,
  summary: "Subscribe an e-mail address to the newsletter",
  description:
    "The address is stored as pending and receives a confirmation link (double opt-in): it gets bulk " +
    "e-mail only once confirmed. A pending, unsubscribed or bounced address asking again gets the link again.",
  request: { body: { required: true, content: { "application/json": { schema: NewsletterInputSchema } } } },
  responses: {
    201: { description: "Subscribed", content: { "application/json": { schema: NewsletterResultSchema } } },
    409: errorResponse("The address is already subscribed and confirmed"),
    422: errorResponse("The e-mail address is missing or not valid"),
  },
});

const listSubscribers = defineRoute({
  access: "admin",
  operationId: "listNewsletterSubscribers",
  method: "get",
  path: "/api/admin/newsletter",
  tags,
  summary: "The subscribers, newest first, with their state",
  description:
    "Filter by state (pending, confirmed, unsubscribed, bounced); `search` finds a part of the e-mail address. " +
    "`counts` has the number of subscribers in each state.",
  request: { query: SubscribersQuerySchema },
  responses: {
    200: jsonResponse("A page of subscribers", SubscriberPageSchema),
    422: errorResponse("A filter or the paging is not valid"),
  },
});

const exportSubscribers = defineRoute({
  access: "admin",
  operationId: "exportNewsletterSubscribers",
  method: "get",
  path: "/api/admin/newsletter/export",
  tags,
  summary: "The subscribers as CSV (UTF-8 with a byte-order mark), oldest first",
  request: { query: SubscribersQuerySchema.pick({ status: true, search: true }) },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    422: errorResponse("A filter is not valid"),
  },
});

const deleteSubscriber = defineRoute({
  access: "admin",
  operationId: "deleteNewsletterSubscriber",
  method: "delete",
  path: "/api/admin/newsletter/{id}",
  tags,
  summary: "Delete a subscriber",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: jsonResponse("Deleted", z.object({ message: z.string(), _id: z.string() })),
    404: errorResponse("No such subscriber"),
  },
});

const resendConfirmation = defineRoute({
  access: "admin",
  operationId: "resendNewsletterConfirmation",
  method: "post",
  path: "/api/admin/newsletter/{id}/resend-confirmation",
  tags,
  summary: "E-mail a pending subscriber the confirmation link again (at most once an hour per address)",
  description:
    "Only for a pending subscriber. An address that got a confirmation e-mail less than an hour ago " +
    "(its sign-up's or a resend) is answered 429 with the minutes to wait. Recorded in the audit log.",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: jsonResponse("Sent again", z.object({ message: z.string(), _id: z.string() })),
    404: errorResponse("No such subscriber"),
    409: errorResponse("The subscriber is not pending"),
    429: errorResponse("A confirmation e-mail went to this address less than an hour ago"),
  },
});

const bulkEmail = defineRoute({
  access: "admin",
  operationId: "sendNewsletterBulkEmail",
  method: "post",
  path: "/api/admin/newsletter/bulk-email",
  tags,
  summary: "Send a bulk e-mail to the confirmed subscribers (needs a password from the last 60 minutes)",
  description:
    "Subject and message are required; backgroundColor (#rrggbb), imageUrl, videoUrl and linkUrl are optional, " +
    "the URLs http(s). The messages go out through the mail queue, one per confirmed subscriber, each with " +
    "its own unsubscribe link and List-Unsubscribe headers; the answer is the send, whose progress " +
    "GET /api/admin/newsletter/campaigns/{id} reports.",
  request: { body: { required: true, content: { "application/json": { schema: BulkEmailInputSchema } } } },
  responses: {
    202: jsonResponse("Queued", BulkEmailResultSchema),
    403: errorResponse(
      "Not an admin, the password must be confirmed first (code step_up_required), or a cross-site request",
    ),
    422: errorResponse("A field is missing or not valid, or nobody is confirmed yet"),
  },
});

const listCampaigns = defineRoute({
  access: "admin",
  operationId: "listNewsletterCampaigns",
  method: "get",
  path: "/api/admin/newsletter/campaigns",
  tags,
  summary: "The bulk e-mails sent, newest first, with their progress (queued, sent, failed)",
  responses: { 200: jsonResponse("The sends", CampaignListSchema) },
});

const getCampaign = defineRoute({
  access: "admin",
  operationId: "getNewsletterCampaign",
  method: "get",
  path: "/api/admin/newsletter/campaigns/{id}",
  tags,
  summary: "One bulk e-mail's progress",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: { 200: jsonResponse("The send", CampaignSchema), 404: errorResponse("No such send") },
});

export function registerNewsletterRoutes(app: OpenAPIHono<BackendEnv>, newsletter: NewsletterService) {
  app.openapi(subscribe, async (c) => c.json(await newsletter.subscribe(c.req.valid("json")), 201));
  app.openapi(listSubscribers, async (c) =>
    c.json(await newsletter.listPage(c.get("actor"), c.req.valid("query")), 200),
  );
  app.openapi(exportSubscribers, async (c) => {
    const csv = await newsletter.exportCsv(c.get("actor"), c.req.valid("query"));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
    });
  });
  app.openapi(deleteSubscriber, async (c) =>
    c.json(await newsletter.remove(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(resendConfirmation, async (c) =>
    c.json(await newsletter.resendConfirmation(c.get("actor"), c.req.valid("param").id), 200),
  );
  app.openapi(bulkEmail, async (c) => c.json(await newsletter.sendBulk(c.get("actor"), c.req.valid("json")), 202));
  app.openapi(listCampaigns, async (c) => c.json({ items: await newsletter.campaigns(c.get("actor")) }, 200));
  app.openapi(getCampaign, async (c) =>
    c.json(await newsletter.campaign(c.get("actor"), c.req.valid("param").id), 200),
  );
}
