// Builds the Hono app from its dependencies: logging, security headers, compression, /backend and
// /media. The process entry (app/server.ts) hands this app to react-router-hono-server, which adds
// the build's assets and the pages after it.
import { createHash } from "node:crypto";
import path from "node:path";
import { Hono } from "hono";
import { createFeedRoutes } from "./http/feeds.ts";
import { createBackend, errorBody, limitBody } from "./http/backend.ts";
import { compression, requestLogger, securityHeaders, type AppEnv } from "./http/middleware.ts";
import { guardAuthInput, rejectBadHost, rejectNul } from "./http/input-guard.ts";
import { createMediaRoutes, mediaCors } from "./http/media.ts";
import { deviceCookie } from "./http/device.ts";
import { loadShed, loadShedLimits } from "./http/load-shed.ts";
import { WEBHOOK_PATH } from "./features/payments/payments.routes.ts";
import { UPLOAD_PATH } from "./features/uploads/uploads.routes.ts";
import { authHandler, clientIp, loadActor, sameOriginWrites } from "./http/session.ts";
import { apiFamilyOf } from "./http/page-cache/api-families.ts";
import { LESSON_UPLOAD_PATH } from "./features/learning/learning.routes.ts";
import { createCertificateFileRoutes } from "./features/certificates/certificates.routes.ts";
import { MATERIAL_MAX_BYTES } from "../contract/learning/learning.ts";
import { createPageCache, type PageCache } from "./http/page-cache/page-cache.ts";
import { createFastHit, type FastHit } from "./http/page-cache/fast-hit.ts";
import { originChecker } from "./features/auth/auth.ts";
import { ONE_CLICK_PATH, oneClickUnsubscribe } from "./features/newsletter/one-click.ts";
import { createServices, type Deps, type Services } from "./services.ts";
import { startPaymentWorkers } from "./features/payments/payments.jobs.ts";

/** The largest sign-up form post (/register) read; bigger ones get the plain 413. */
const SIGN_UP_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

export interface App {
  app: Hono<AppEnv>;
  services: Services;
  /** the rendered-page cache for anonymous visitors (null when PAGE_CACHE_MAX_BYTES is 0) */
  pageCache: PageCache | null;
  /**
   * Answers a page-cache hit before the middleware chain, for the Node server to try first on every
   * request (page-cache/fast-hit.ts); null without the cache.
   */
  fastHit: FastHit | null;
  /** resolves once the background workers that need the app (payments) are listening */
  ready: Promise<void>;
}

export function createApp(deps: Deps): App {
  const services = createServices(deps);
  const app = new Hono<AppEnv>();
  app.use("*", requestLogger(deps.logger));
  // (long before the admission limit: a refusal carries the security headers too)
  const security = { csp: deps.env.NODE_ENV === "production", paystack: deps.env.PAYMENT_PROVIDER === "paystack" };
  app.use("*", securityHeaders(security));
  const webhook = `/backend${WEBHOOK_PATH}`;
  const upload = `/backend${UPLOAD_PATH}`;
  // A Host header that is no host name: 400 before anything parses the request's URL.
  app.use("*", rejectBadHost());
  app.use("*", compression());
  // CORS for MEDIA_CORS_ORIGINS on /media and the upload calls, preflights included (decision 026)
  app.use("*", mediaCors(deps.env.MEDIA_CORS_ORIGINS));
  // A device id for every browser, with its first page: the payment limits tell buyers apart by it.
  app.use("*", deviceCookie({ secure: new URL(deps.env.PUBLIC_URL).protocol === "https:" }));
  // The sign-up form carries an optional profile image: a photo straight from a phone camera (often
  // several MB) must still reach the page, which then says at its field that it is too big (1 MB max).
  const bodyLimit = limitBody(deps.env.BODY_LIMIT_BYTES);
  const signUpBodyLimit = limitBody(Math.max(deps.env.BODY_LIMIT_BYTES, SIGN_UP_BODY_LIMIT_BYTES));
  // (/register.data: the same post sent by React Router's <Form> once JavaScript runs)
  const signUp = new Set(["/register", "/register.data"]);
  // An upload (decision 014) may be as large as the largest image or video allowed, plus the form around it,
  // and a third more when the file comes as base64 text (decision 026); the upload service then holds
  // each type to its own limit.
  const largestUpload = Math.max(deps.env.UPLOAD_MAX_IMAGE_BYTES, deps.env.UPLOAD_MAX_VIDEO_BYTES);
  const uploadBodyLimit = limitBody(
    Math.max(deps.env.BODY_LIMIT_BYTES, Math.ceil((largestUpload * 4) / 3)) + 64 * 1024,
  );
  // A lesson's video or material (issue 31) streams to disk, held to its own limit by its route.
  const lessonUploadLimit = limitBody(Math.max(deps.env.LESSON_VIDEO_MAX_BYTES, MATERIAL_MAX_BYTES) + 64 * 1024);
  app.use("*", (c, next) =>
    signUp.has(c.req.path)
      ? signUpBodyLimit(c, next)
      : c.req.path === upload
        ? uploadBodyLimit(c, next)
        : LESSON_UPLOAD_PATH.test(c.req.path)
          ? lessonUploadLimit(c, next)
          : bodyLimit(c, next),
  );
  // A mail app's RFC 8058 one-click unsubscribe, from any origin (its token is its authority): before the
  // CSRF checks, which every other write still meets (issue 29)
  // (mounted on its one path, so that no other request pays for its check)
  app.on("POST", ONE_CLICK_PATH, oneClickUnsubscribe(services.newsletter));
  app.use("*", loadActor(services.auth));
  app.use("*", sameOriginWrites(originChecker(deps.env)));
  // Anonymous pages and public API reads from the rendered-page cache (decision 044): after the session
  // is known, before anything renders; compression (outside) leaves its already compressed answers alone.
  const pageCache = createAppPageCache(deps, services);
  if (pageCache) app.use("*", pageCache.middleware);
  // Under load, a bounded number of requests at once; the rest wait a bounded time, then get 503 with
  // Retry-After (decision 041). After the page cache: a page it already holds costs no rendering and
  // never waits behind those being rendered. The build's assets, the health check and the payment webhook pass, and
  // so does /media: its resizes have their own slots and wait list (MEDIA_RENDER_*), and a slow one
  // must not hold a slot that a page needs; nor an upload, which a phone may take minutes to send
  // (limited per client by UPLOAD_RATE_LIMIT instead).
  let refused = 0;
  let lastShedLog = 0;
  app.use(
    "*",
    loadShed({
      ...loadShedLimits(deps.database.engine, deps.env),
      bypass: (path) =>
        path.startsWith("/assets/") ||
        path.startsWith("/media/") ||
        path === "/backend/health" ||
        path === webhook ||
        path === upload ||
        LESSON_UPLOAD_PATH.test(path),
      onShed: (info) => {
        // one line per 10 s at most: an overloaded server must not also flood its log
        refused++;
        if (Date.now() - lastShedLog < 10_000) return;
        deps.logger.warn("requests refused: busy", { ...info, refused });
        lastShedLog = Date.now();
        refused = 0;
      },
    }),
  );
  // PostgreSQL cannot store "\0": a NUL anywhere in an API request is a 422 before any route runs, except
  // in the body of the payment webhook, which is signed: its route checks the signature first (issue 15).
  app.use("/backend/*", rejectNul({ signedBodies: [`/backend${WEBHOOK_PATH}`] }));
  app.use("/backend/api/auth/*", guardAuthInput());
  app.on(["GET", "POST"], "/backend/api/auth/*", authHandler(services.auth));
  app.route("/backend", createBackend(services, deps));
  // A sub-app's notFound does not stop the parent: unknown /backend paths end here, as JSON.
  app.all("/backend/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  const media = createMediaRoutes(deps, services.mediaStore);
  app.route("/media", media);
  // the feed declares its enclosures' type and length as /media serves them (decision 028)
  app.route(
    "/",
    createFeedRoutes(services, deps, (path) => media.request(path)),
  );
  // a certificate's PDF and credential, the revocation list, the issuer's did:web (issue 32)
  app.route("/", createCertificateFileRoutes(services.certificates));
  const ready = startAppWorkers(app, services, deps);
  const fastHit = pageCache ? createFastHit({ pageCache, security, logger: deps.logger }) : null;
  return { app, services, pageCache, fastHit, ready };
}

function createAppPageCache(deps: Deps, services: Services): PageCache | null {
  if (deps.env.PAGE_CACHE_MAX_BYTES <= 0) return null;
  const pageFamilies = deps.pageFamilies;
  return createPageCache({
    database: deps.database,
    logger: deps.logger,
    maxBytes: deps.env.PAGE_CACHE_MAX_BYTES,
    maxAgeSeconds: deps.env.PAGE_CACHE_MAX_AGE_SECONDS,
    redisUrl: deps.env.REDIS_URL,
    // the processes of one site: one database and one address
    namespace: createHash("sha256")
      .update(`${deps.env.PUBLIC_URL} ${deps.env.DATABASE_URL ?? path.resolve(deps.env.DATA_DIR)}`)
      .digest("hex")
      .slice(0, 16),
    familyOf: (path) => (path.startsWith("/backend/") ? apiFamilyOf(path) : (pageFamilies?.(path) ?? null)),
    countVisits: (visits) =>
      services.blog.recordVisitsBySlug(visits.map((v) => ({ slug: v.slug, visitor: { userId: null, ...v.visitor } }))),
    clientIp,
  });
}

/** The payments' workers: the sandbox's webhooks are posted to this app's own webhook route. */
async function startAppWorkers(app: Hono<AppEnv>, services: Services, deps: Deps): Promise<void> {
  if (deps.queue) {
    // the bulk e-mail's fan-out, and hard bounces marked on the subscribers (decision 037)
    await services.newsletter.startWorker().catch((error: unknown) =>
      deps.logger.error("newsletter worker did not start", {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  const { queue, sandbox, afterPaid } = services.paymentParts;
  if (!deps.queue || !queue || !afterPaid) return;
  try {
    await startPaymentWorkers({
      boss: deps.queue.boss,
      queue,
      payments: services.payments,
      refunds: services.refunds,
      sandbox,
      afterPaid,
      logger: deps.logger,
      pollingIntervalSeconds: deps.env.NODE_ENV === "test" ? 0.5 : 1,
      deliverWebhook: async (body, signature) => {
        const res = await app.request(`/backend${WEBHOOK_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
          body,
        });
        return res.status;
      },
    });
  } catch (error) {
    deps.logger.error("payment workers did not start", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
