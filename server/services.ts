// Wires the services to their dependencies once (conventions §7). Route handlers and React Router
// loaders both reach the rules through this object.
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { createBlogService } from "./features/blog/blog.service.ts";
import { createPostActionsService } from "./features/blog/post-actions.service.ts";
import { createPostWriteService } from "./features/blog/posts-write.service.ts";
import { createImageSizes } from "./features/blog/image-sizes.ts";
import { createPostBodyRenderer } from "./features/blog/post-body.ts";
import { createCatalogService } from "./features/catalog/catalog.service.ts";
import { createCategoriesService } from "./features/catalog/categories.service.ts";
import { createContactsService } from "./features/contacts/contacts.service.ts";
import { createContentService } from "./features/content/content.service.ts";
import { createEventsService } from "./features/events/events.service.ts";
import { createEventsAdminService } from "./features/events/events-admin.service.ts";
import { createCheckInService } from "./features/events/check-in.service.ts";
import { rescheduleStreamLinks } from "./features/tickets/tickets.service.ts";
import { createNewsletterService } from "./features/newsletter/newsletter.service.ts";
import { createAuth } from "./features/auth/auth.ts";
import { createAuthFlows } from "./features/auth/auth-flows.ts";
import type { Mailer } from "./features/mail/mail.service.ts";
import { createOutboxService } from "./features/mail/outbox.service.ts";
import { createUsersService } from "./features/users/users.service.ts";
import { createUploadsService, uploadKey } from "./features/uploads/uploads.service.ts";
import { createMediaStore } from "./integrations/media/create-media-store.ts";
import type { Queue } from "./jobs/queue.ts";
import { createCouponsService } from "./features/coupons/coupons.service.ts";
import { createPaymentsService, type Payment } from "./features/payments/payments.service.ts";
import { createPurchasesService } from "./features/payments/purchases.service.ts";
import { createRefundsService } from "./features/payments/refunds.service.ts";
import { createPaymentQueue } from "./features/payments/payments.jobs.ts";
import { createSandboxCheckout } from "./features/payments/sandbox-checkout.ts";
import { createPaystackGateway } from "./integrations/payments/paystack.ts";
import { createSandboxGateway, sandboxWebhookSecret } from "./integrations/payments/sandbox.ts";
import { createAfterPaid } from "./features/payments/after-paid.ts";
import { emailBrand } from "./features/mail/templates/brand.ts";
import { ticketKey } from "./features/tickets/ticket-code.ts";
import { createAccountService } from "./features/account/account.service.ts";
import { createAuditService } from "./features/admin/audit.service.ts";
import { checkRegistry, createKitServices } from "./features/admin/registry.service.ts";
import { createFiguresService } from "./features/figures/figures.service.ts";
import { createRateLimiter, limitRules } from "./http/rate-limit.ts";
import { createLearningService } from "./features/learning/learning.service.ts";
import { createCertificatesService } from "./features/certificates/certificates.service.ts";
import { createAuthoringService } from "./features/learning/authoring.service.ts";
import { checkMaterial } from "./features/learning/materials.ts";
import { scheduleLiveReminders } from "./features/learning/live-reminders.ts";
import { findFfmpeg } from "./features/learning/video/transcode.ts";
import { queueTranscode } from "./features/learning/video/video-jobs.ts";

import type { FamilyOf } from "./http/page-cache/page-cache.ts";

export interface Deps {
  database: Database;
  env: Env;
  logger: Logger;
  /** queues e-mail (server/features/mail); identity sends verification and reset links through it */
  mailer: Mailer;
  /** the pg-boss queue (server/jobs): payments queue webhook verifications and sandbox webhooks on it */
  queue?: Pick<Queue, "boss">;
  /**
   * Called once when a payment becomes paid, after that has committed, in the process that made it paid
   * (for observers such as tests; decision 016). Receipts and tickets do not hang on it: they are a job
   * written with the paid status (decision 031). Default: nothing.
   */
  onPaymentPaid?: (payment: Payment) => Promise<void> | void;
  /** the process's starting/ready/draining state, for the readiness answer (absent in tests: ready) */
  lifecycle?: Pick<Lifecycle, "state">;
  /**
   * Which pages the rendered-page cache keeps, and what content each shows (app/lib/page-cache-families.server.ts,
   * given by the process entry; decision 044). Without it only the public API calls are cached.
   */
  pageFamilies?: FamilyOf;
}

export function createServices(deps: Deps) {
  const { db } = deps.database;
  // (the one place that picks the media store: local disk, DATA_DIR/media, or S3-compatible)
  const mediaStore = createMediaStore(deps.env);
  const auth = createAuth({ db, env: deps.env, logger: deps.logger, mailer: deps.mailer, mediaStore });
  // (the one place that picks the payment gateway: the offline sandbox or Paystack; decision 016)
  const sandbox =
    deps.env.PAYMENT_PROVIDER === "sandbox"
      ? createSandboxGateway({ db, webhookSecret: sandboxWebhookSecret(auth.options.secret) })
      : null;
  const paymentGateway =
    sandbox ??
    createPaystackGateway({
      secretKey: deps.env.PAYSTACK_SECRET_KEY!,
      baseUrl: deps.env.PAYSTACK_BASE_URL,
      callbackUrl: new URL("/verify-payment", deps.env.PUBLIC_URL).href,
    });
  // signs ticket codes: the ticket e-mail and /account make the same code (and QR) for a ticket
  const ticketSigningKey = ticketKey(auth.options.secret);
  const coupons = createCouponsService(db);
  const purchases = createPurchasesService(db);
  // receipts, ticket e-mails and the streaming-link job: the payment-paid job's work (it needs the queue)
  const afterPaid = deps.queue
    ? createAfterPaid({
        db,
        mailer: deps.mailer,
        boss: deps.queue.boss,
        ticketKey: ticketSigningKey,
        brand: emailBrand(deps.env),
        logger: deps.logger,
        purchases,
      })
    : undefined;
  const paymentQueue = deps.queue ? createPaymentQueue(deps.queue.boss, { afterPaid, logger: deps.logger }) : undefined;
  // certificates (issue 32): issued in the transaction that completes a course, revoked by its refund
  const certificates = createCertificatesService({
    db,
    mailer: deps.mailer,
    brand: emailBrand(deps.env),
    dataDir: deps.env.DATA_DIR,
    signingKey: deps.env.CERTIFICATE_SIGNING_KEY,
    logger: deps.logger,
  });
  const refunds = createRefundsService({
    db,
    gateway: paymentGateway,
    logger: deps.logger,
    purchases,
    mailer: deps.mailer,
    brand: emailBrand(deps.env),
    stepUpMaxAgeMs: deps.env.STEP_UP_MAX_AGE_SECONDS * 1000,
    jobs: paymentQueue,
    onRefunded: (tx, payment) => certificates.revokeForRefund(tx, payment),
  });
  const payments = createPaymentsService({
    db,
    gateway: paymentGateway,
    logger: deps.logger,
    coupons,
    purchases,
    publicKey: deps.env.PAYSTACK_PUBLIC_KEY,
    jobs: paymentQueue,
    refunds,
    onPaymentPaid: deps.onPaymentPaid,
  });
  const content = createContentService(db);
  const categories = createCategoriesService(db);
  // the events admin: a new start time moves the streaming-link e-mails of its tickets (with the queue)
  const eventsAdmin = createEventsAdminService({
    db,
    logger: deps.logger,
    reschedule: deps.queue
      ? (eventId) =>
          rescheduleStreamLinks(
            {
              db,
              mailer: deps.mailer,
              boss: deps.queue!.boss,
              ticketKey: ticketSigningKey,
              brand: emailBrand(deps.env),
              logger: deps.logger,
            },
            eventId,
          )
      : undefined,
  });
  // The declared admin resources by their key (contract/admin/resources.ts; decision 071): the kit's service
  // for each table of server/db/resource-tables.ts, and the services of their own.
  const resources = { ...createKitServices(db), categories, events: eventsAdmin.formService };
  const singles = { hero: { get: content.getHero, save: content.saveHero, clear: content.clearHero } };
  checkRegistry(resources, singles);
  const learning = createLearningService({
    db,
    publicUrl: deps.env.PUBLIC_URL,
    siteName: deps.env.SITE_NAME,
    onCompleted: certificates.onCompleted,
    prepare: certificates.prepare,
  });
  // whether this machine has ffmpeg, looked for once at start (decision 073)
  const ffmpeg = findFfmpeg(deps.env.FFMPEG_PATH);
  const authoring = createAuthoringService({
    db,
    store: mediaStore,
    logger: deps.logger,
    canTranscode: () => ffmpeg !== null,
    queueTranscode: deps.queue ? (videoId) => queueTranscode(deps.queue!.boss, videoId) : undefined,
    liveChanged: deps.queue
      ? (lessonId) =>
          scheduleLiveReminders(
            {
              db,
              mailer: deps.mailer,
              boss: deps.queue!.boss,
              brand: emailBrand(deps.env),
              logger: deps.logger,
            },
            lessonId,
          ).then(() => {})
      : undefined,
    checkMaterial,
  });
  return {
    /** a course's outline, lessons, their files and learners' progress (issue 31) */
    learning,
    certificates,
    /** building a course's chapters and lessons (/admin/course/{id}/content) */
    authoring,
    /** the payment core: start, verify, webhook, retry sweep (decision 016) */
    payments,
    /** an admin's full refund of a paid payment, settled by the gateway (decision 035) */
    refunds,
    /** which coupon applies and what it takes off */
    coupons,
    /**
     * The payments' jobs on the queue and the paid job's work (none without a queue; server/app.ts
     * starts their workers), and the sandbox gateway and its checkout when PAYMENT_PROVIDER=sandbox.
     */
    paymentParts: {
      queue: paymentQueue,
      afterPaid,
      sandbox: sandbox ?? undefined,
      sandboxCheckout: sandbox ? createSandboxCheckout({ sandbox, payments, queue: paymentQueue }) : undefined,
    },
    /** where uploads and profile images are kept; /media reads them through it */
    mediaStore,
    /** how often one user, device or address may pay, comment, post and upload (server/http/rate-limit.ts) */
    rateLimits: createRateLimiter(db, {
      rules: limitRules(deps.env),
      addressFactor: deps.env.ADDRESS_RATE_LIMIT_FACTOR,
    }),
    /** a learner's own purchases (/account) */
    account: createAccountService({ db, ticketKey: ticketSigningKey, purchases }),
    catalog: createCatalogService(db, { stepUpMaxAgeMs: deps.env.STEP_UP_MAX_AGE_SECONDS * 1000 }),
    /** the categories admin: the one list of courses and posts */
    categories,
    blog: createBlogService(db, { visitorSecret: auth.options.secret }),
    /** comments, saves, featuring and deleting posts (the signed-in blog actions) */
    postActions: createPostActionsService(db),
    /** writing posts (POST /posts) */
    postWrite: createPostWriteService(db, { publicUrl: deps.env.PUBLIC_URL }),
    /** a post body as the post page shows it: pictures sized and lazy, players behind a play button */
    postBody: createPostBodyRenderer({
      sizes: createImageSizes({ dataDir: deps.env.DATA_DIR, store: mediaStore, maxPixels: deps.env.MEDIA_MAX_PIXELS }),
      publicUrl: deps.env.PUBLIC_URL,
    }),
    content,
    /**
     * The declared admin resources by their key (server/features/admin/registry.service.ts): the public
     * pages read their lists, the admin screens their pages and writes, the API is made from them.
     */
    resources,
    /** the declared single records (the hero): read, saved over, blanked */
    singles,
    events: createEventsService(db),
    /** the events admin (/tickets, /admin/event/{id}, their API; issue 18) */
    eventsAdmin,
    /** admissions at the door (/admin/event/{id}/check-in and its API; decision 036) */
    checkIn: createCheckInService({ db, ticketKey: ticketSigningKey }),
    /** subscriptions (double opt-in), the subscribers admin and the bulk e-mail (decision 037) */
    newsletter: createNewsletterService(db, {
      mailer: deps.mailer,
      brand: emailBrand(deps.env),
      boss: deps.queue?.boss,
      logger: deps.logger,
      stepUpMaxAgeMs: deps.env.STEP_UP_MAX_AGE_SECONDS * 1000,
    }),
    contacts: createContactsService(db, {
      mailer: deps.mailer,
      brand: emailBrand(deps.env),
      replyTo: deps.env.CONTACT_REPLY_TO,
    }),
    users: createUsersService(db, {
      stepUpMaxAgeMs: deps.env.STEP_UP_MAX_AGE_SECONDS * 1000,
      stepUpAttempts: deps.env.SIGN_IN_RATE_LIMIT,
    }),
    /** the dashboard's figures of the last 30 days and their CSV exports (decision 038) */
    figures: createFiguresService(db),
    /** what admins did (the audit log, written by each admin write; issue 16) */
    audit: createAuditService(db),
    auth,
    authFlows: createAuthFlows({ auth, db, env: deps.env, mediaStore }),
    outbox: createOutboxService(deps.mailer),
    uploads: createUploadsService({
      db,
      store: mediaStore,
      key: uploadKey(auth.options.secret),
      maxImageBytes: deps.env.UPLOAD_MAX_IMAGE_BYTES,
      maxVideoBytes: deps.env.UPLOAD_MAX_VIDEO_BYTES,
      maxPixels: deps.env.MEDIA_MAX_PIXELS,
      publicUrl: deps.env.PUBLIC_URL,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
