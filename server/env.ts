// The one reader of process.env (conventions §10). Start fails with a clear message on bad config.
import { existsSync } from "node:fs";
import { z } from "zod";
import type { S3Settings } from "./integrations/media/s3-store.ts";

/** A setting that may be left out; empty counts as left out. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "PORT must be a number, for example 3000" })
    .int()
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL must be an absolute URL such as https://academy.example" }).optional(),
  SITE_NAME: z
    .string()
    .min(1, "SITE_NAME must not be empty")
    .max(40, "SITE_NAME must be at most 40 characters")
    .default("TechAfrica"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_ON_EMPTY: z
    .enum(["true", "false"], { error: "SEED_ON_EMPTY must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  // SIGTERM/SIGINT (decision 040): how long requests in flight and running jobs get to finish before
  // the remaining connections are cut and the process ends.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: "SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds" })
    .int()
    .min(1, "SHUTDOWN_TIMEOUT_SECONDS must be at least 1")
    .max(600, "SHUTDOWN_TIMEOUT_SECONDS must be at most 600")
    .default(25),
  // Between the signal and closing the port, the readiness answer is already 503 while requests are still
  // served: time for a load balancer that polls /backend/ready to stop sending here (0: close at once).
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ error: "SHUTDOWN_DELAY_SECONDS must be a number of seconds" })
    .int()
    .min(0, "SHUTDOWN_DELAY_SECONDS must be 0 or more")
    .max(60, "SHUTDOWN_DELAY_SECONDS must be at most 60")
    .default(0),
  // How often this process looks for jobs whose process died (their heartbeat lapsed) or that ran past
  // their time, and hands them out again (pg-boss's supervise and monitor passes).
  JOB_SUPERVISE_SECONDS: z.coerce
    .number({ error: "JOB_SUPERVISE_SECONDS must be a number of seconds" })
    .int()
    .min(1, "JOB_SUPERVISE_SECONDS must be at least 1")
    .max(3600, "JOB_SUPERVISE_SECONDS must be at most 3600")
    .default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number({ error: "UPLOAD_MAX_IMAGE_BYTES must be a number of bytes" })
    .int()
    .min(1024, "UPLOAD_MAX_IMAGE_BYTES must be at least 1024")
    .default(10 * 1024 * 1024),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce
    .number({ error: "UPLOAD_MAX_VIDEO_BYTES must be a number of bytes" })
    .int()
    .min(1024, "UPLOAD_MAX_VIDEO_BYTES must be at least 1024")
    .default(100 * 1024 * 1024),
  // A lesson's uploaded video (issue 31): streamed to disk as it arrives, then transcoded (decision 073).
  LESSON_VIDEO_MAX_BYTES: z.coerce
    .number({ error: "LESSON_VIDEO_MAX_BYTES must be a number of bytes" })
    .int()
    .min(1024, "LESSON_VIDEO_MAX_BYTES must be at least 1024")
    .default(1024 * 1024 * 1024),
  // Uploaded lesson videos are transcoded by ffmpeg (decision 073): this one (ffprobe beside it), or
  // ffmpeg and ffprobe on PATH.
  // The key that signs certificates' credentials (issue 32; decision 077): a JSON export of an Ed25519
  // Multikey ({ publicKeyMultibase, secretKeyMultibase }). Unset: generated on first start into
  // DATA_DIR/keys/certificate-issuer.json, kept with the earlier keys so older certificates still verify.
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  FFMPEG_PATH: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The rendered-page cache for anonymous visitors (issue 20; decision 044): its size in this process
  // (0 turns it off; unset: 32 MiB, and off under NODE_ENV=test, whose tests write content directly),
  // the oldest copy served, and Redis to share the copies between processes.
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number({ error: "PAGE_CACHE_MAX_BYTES must be a number of bytes (0 turns the page cache off)" })
    .int()
    .min(0, "PAGE_CACHE_MAX_BYTES must be 0 or more")
    .optional(),
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce
    .number({ error: "PAGE_CACHE_MAX_AGE_SECONDS must be a number of seconds" })
    .int()
    .min(1, "PAGE_CACHE_MAX_AGE_SECONDS must be at least 1")
    .default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Pictures (issue 15, decision 026): one pixel limit for uploads and transforms, the resize cache's
  // size, the render queue, and the origins allowed to call the media endpoints from a browser.
  MEDIA_MAX_PIXELS: z.coerce
    .number({ error: "MEDIA_MAX_PIXELS must be a number of pixels" })
    .int()
    .min(1_000_000, "MEDIA_MAX_PIXELS must be at least 1000000 (1 megapixel)")
    .default(40_000_000),
  MEDIA_CACHE_MAX_BYTES: z.coerce
    .number({ error: "MEDIA_CACHE_MAX_BYTES must be a number of bytes" })
    .int()
    .min(0, "MEDIA_CACHE_MAX_BYTES must be 0 or more")
    .default(512 * 1024 * 1024),
  MEDIA_RENDER_SLOTS: z.coerce
    .number({ error: "MEDIA_RENDER_SLOTS must be a number of renders" })
    .int()
    .min(1, "MEDIA_RENDER_SLOTS must be at least 1")
    .max(64, "MEDIA_RENDER_SLOTS must be at most 64")
    .default(2),
  MEDIA_RENDER_QUEUE: z.coerce
    .number({ error: "MEDIA_RENDER_QUEUE must be a number of renders" })
    .int()
    .min(0, "MEDIA_RENDER_QUEUE must be 0 or more")
    .max(10_000, "MEDIA_RENDER_QUEUE must be at most 10000")
    .default(16),
  MEDIA_RENDER_TIMEOUT_SECONDS: z.coerce
    .number({ error: "MEDIA_RENDER_TIMEOUT_SECONDS must be a number of seconds" })
    .int()
    .min(1, "MEDIA_RENDER_TIMEOUT_SECONDS must be at least 1")
    .max(600, "MEDIA_RENDER_TIMEOUT_SECONDS must be at most 600")
    .default(20),
  // Admission under load (issue 20, decision 041): requests worked on at once, waiting, and for how long;
  // unset: the engine's defaults (server/http/load-shed.ts loadShedLimits). 0 concurrency: no limit.
  LOAD_SHED_CONCURRENCY: z.coerce
    .number({ error: "LOAD_SHED_CONCURRENCY must be a number of requests" })
    .int()
    .min(0, "LOAD_SHED_CONCURRENCY must be 0 (no limit) or more")
    .max(10_000, "LOAD_SHED_CONCURRENCY must be at most 10000")
    .optional(),
  LOAD_SHED_QUEUE: z.coerce
    .number({ error: "LOAD_SHED_QUEUE must be a number of requests" })
    .int()
    .min(0, "LOAD_SHED_QUEUE must be 0 or more")
    .max(100_000, "LOAD_SHED_QUEUE must be at most 100000")
    .optional(),
  LOAD_SHED_MAX_WAIT_MS: z.coerce
    .number({ error: "LOAD_SHED_MAX_WAIT_MS must be a number of milliseconds" })
    .int()
    .min(1, "LOAD_SHED_MAX_WAIT_MS must be at least 1")
    .max(60_000, "LOAD_SHED_MAX_WAIT_MS must be at most 60000")
    .optional(),
  MEDIA_CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (o) => URL.canParse(o) && /^https?:$/.test(new URL(o).protocol) && new URL(o).origin === o,
            "MEDIA_CORS_ORIGINS must be origins such as https://app.example or http://localhost:5173, separated by commas",
          ),
      ),
    ),
  AUTH_SECRET: z
    .string()
    .min(32, "AUTH_SECRET must be at least 32 characters (try: openssl rand -hex 32)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "ADMIN_EMAILS must be e-mail addresses separated by commas" }))),
  STEP_UP_MAX_AGE_SECONDS: z.coerce
    .number({ error: "STEP_UP_MAX_AGE_SECONDS must be a number of seconds" })
    .int()
    .min(1, "STEP_UP_MAX_AGE_SECONDS must be at least 1")
    .default(60 * 60),
  SIGN_IN_RATE_LIMIT: z.coerce
    .number({ error: "SIGN_IN_RATE_LIMIT must be a number of attempts per minute" })
    .int()
    .min(1, "SIGN_IN_RATE_LIMIT must be at least 1")
    .default(10),
  AUTH_RATE_LIMIT: z.coerce
    .number({ error: "AUTH_RATE_LIMIT must be a number of requests per minute" })
    .int()
    .min(1, "AUTH_RATE_LIMIT must be at least 1")
    .default(100),
  PAYMENT_RATE_LIMIT: z.coerce
    .number({ error: "PAYMENT_RATE_LIMIT must be a number of requests per minute" })
    .int()
    .min(1, "PAYMENT_RATE_LIMIT must be at least 1")
    .default(20),
  // Writing (issue 15, decision 025): per signed-in user; each address may use ADDRESS_RATE_LIMIT_FACTOR times as many.
  COMMENT_RATE_LIMIT: z.coerce
    .number({ error: "COMMENT_RATE_LIMIT must be a number of comments per minute" })
    .int()
    .min(1, "COMMENT_RATE_LIMIT must be at least 1")
    .default(10),
  POST_RATE_LIMIT: z.coerce
    .number({ error: "POST_RATE_LIMIT must be a number of posts per 10 minutes" })
    .int()
    .min(1, "POST_RATE_LIMIT must be at least 1")
    .default(5),
  UPLOAD_RATE_LIMIT: z.coerce
    .number({ error: "UPLOAD_RATE_LIMIT must be a number of uploads per 10 minutes" })
    .int()
    .min(1, "UPLOAD_RATE_LIMIT must be at least 1")
    .default(30),
  // The public forms (issue 29): per client (device cookie, else address) and hour.
  NEWSLETTER_RATE_LIMIT: z.coerce
    .number({ error: "NEWSLETTER_RATE_LIMIT must be a number of sign-ups per hour" })
    .int()
    .min(1, "NEWSLETTER_RATE_LIMIT must be at least 1")
    .default(5),
  CONTACT_RATE_LIMIT: z.coerce
    .number({ error: "CONTACT_RATE_LIMIT must be a number of contact requests per hour" })
    .int()
    .min(1, "CONTACT_RATE_LIMIT must be at least 1")
    .default(5),
  // A certificate's credential checked (POST /api/certificates/verify): a signature check and JSON-LD
  // canonicalisation, costly work anyone may ask for; per client (device cookie, else address) and minute.
  CREDENTIAL_CHECK_RATE_LIMIT: z.coerce
    .number({ error: "CREDENTIAL_CHECK_RATE_LIMIT must be a number of credential checks per minute" })
    .int()
    .min(1, "CREDENTIAL_CHECK_RATE_LIMIT must be at least 1")
    .default(20),
  ADDRESS_RATE_LIMIT_FACTOR: z.coerce
    .number({ error: "ADDRESS_RATE_LIMIT_FACTOR must be a number (how many clients' limits one address may use)" })
    .int()
    .min(1, "ADDRESS_RATE_LIMIT_FACTOR must be at least 1")
    .default(50),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/?#]+/,
      "SMTP_URL must start with smtp:// or smtps:// and name a server, for example smtp://user:password@smtp.example.com:587",
    )
    .refine((v) => URL.canParse(v), "SMTP_URL is not a valid URL (percent-encode special characters in the password)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'MAIL_FROM must be an address such as no-reply@academy.example or "TechAfrica <no-reply@academy.example>"',
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Where a requester's answer to a contact reply goes (its Reply-To; issue 29): a mailbox staff read.
  // Unset: the address of the admin who sent the reply.
  CONTACT_REPLY_TO: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'CONTACT_REPLY_TO must be an address such as help@academy.example or "TechAfrica Help <help@academy.example>"',
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Printed in every e-mail's footer (a newsletter must carry the sender's postal address); one line.
  MAIL_POSTAL_ADDRESS: z
    .string()
    .trim()
    .max(200, "MAIL_POSTAL_ADDRESS must be at most 200 characters")
    .regex(/^[^\r\n]*$/, "MAIL_POSTAL_ADDRESS must be one line of text, such as 12 Marina Road, Lagos, Nigeria")
    .optional()
    .transform((v) => v || undefined),
  // The S3-compatible media store (issue 8 "Stores"): all five or none, checked in parseEnv.
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com",
    })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Payments (issue 9, decision 016): the offline sandbox by default, or Paystack with both keys.
  // (unset: the sandbox, but only on a local PUBLIC_URL; checked in parseEnv)
  PAYMENT_PROVIDER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["sandbox", "paystack"], { error: "PAYMENT_PROVIDER must be sandbox or paystack" }).optional(),
  ),
  PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_BASE_URL: z
    .url({ protocol: /^https?$/, error: "PAYSTACK_BASE_URL must be an http(s) URL such as https://api.paystack.co" })
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((v) => (v ?? "https://api.paystack.co").replace(/\/+$/, "")),
});

const S3_NAMES = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export type Env = Omit<z.infer<typeof EnvSchema>, "PAYMENT_PROVIDER" | "PAGE_CACHE_MAX_BYTES"> & {
  /** the page cache's bytes in this process; 0: off */
  PAGE_CACHE_MAX_BYTES: number;
  PAYMENT_PROVIDER: "sandbox" | "paystack";
  /** true when PAYMENT_PROVIDER was left unset and the sandbox runs by default (on a local PUBLIC_URL only) */
  PAYMENT_SANDBOX_IMPLICIT: boolean;
  PUBLIC_URL: string;
  MAIL_FROM: string;
  /** the S3-compatible media store's settings when all five S3_* are set; local disk when undefined */
  S3?: S3Settings;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads `.env` from the working directory when there is one; real environment variables win. */
function loadDotEnv(): void {
  if (existsSync(".env")) process.loadEnvFile(".env");
}

export function parseEnv(source?: Record<string, string | undefined>): Env {
  if (!source) {
    loadDotEnv();
    source = process.env;
  }
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const S3 = s3Settings(env);
  checkPaystackKeys(env);
  const PUBLIC_URL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const implicitSandbox = env.PAYMENT_PROVIDER === undefined;
  if (implicitSandbox && !isLocalUrl(PUBLIC_URL)) throw new ConfigError(implicitSandboxMessage(PUBLIC_URL));
  return {
    ...env,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? "sandbox",
    PAYMENT_SANDBOX_IMPLICIT: implicitSandbox,
    PUBLIC_URL,
    PAGE_CACHE_MAX_BYTES: env.PAGE_CACHE_MAX_BYTES ?? (env.NODE_ENV === "test" ? 0 : 32 * 1024 * 1024),
    MAIL_FROM: env.MAIL_FROM ?? defaultMailFrom(env.SITE_NAME, PUBLIC_URL),
    S3,
  };
}

/**
 * Whether a URL names this machine only: localhost (or a name under .localhost), 127.0.0.0/8 or ::1.
 * Nobody else can reach such a site, so its sandbox payments (which anyone may mark paid) harm no one.
 */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === "[::1]" ||
    host === "[::ffff:7f00:1]"
  );
}

/**
 * A site others can reach, with PAYMENT_PROVIDER unset, would take payments in the offline sandbox, where
 * anyone can mark a payment paid with one request (issue 15): the start stops and says what to set.
 */
function implicitSandboxMessage(publicUrl: string): string {
  return (
    `Invalid configuration:\n  PAYMENT_PROVIDER: unset, so payments would run in the offline sandbox, where anyone can ` +
    `mark a payment paid; PUBLIC_URL (${publicUrl}) is not a local address, so this site can be reached by others. ` +
    `Set PAYMENT_PROVIDER=paystack with PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY to take real payments, ` +
    `or PAYMENT_PROVIDER=sandbox to run the sandbox on purpose (a demo: nothing is really paid).`
  );
}

/** All five S3_* settings, or none (local disk); a partial set stops the start naming what is missing. */
function s3Settings(env: z.infer<typeof EnvSchema>): S3Settings | undefined {
  const missing = S3_NAMES.filter((name) => !env[name]);
  if (missing.length === S3_NAMES.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: the S3 media store needs all of ${S3_NAMES.join(", ")} (or none of them, for local disk)`,
    );
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

/** PAYMENT_PROVIDER=paystack needs both keys; a missing one stops the start naming it. */
function checkPaystackKeys(env: z.infer<typeof EnvSchema>): void {
  if (env.PAYMENT_PROVIDER !== "paystack") return;
  const missing = (["PAYSTACK_PUBLIC_KEY", "PAYSTACK_SECRET_KEY"] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: PAYMENT_PROVIDER=paystack needs PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY (pk_test_… and sk_test_… from the Paystack dashboard), or leave PAYMENT_PROVIDER unset for the sandbox`,
    );
  }
}

/** "TechAfrica <no-reply@academy.example>": the site's name at the host of PUBLIC_URL (localhost by default). */
function defaultMailFrom(siteName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  // An IP address is no mail domain (it would need brackets); localhost says plainly that it is unset.
  const domain = /^[\d.]+$|^\[/.test(host) ? "localhost" : host;
  // A name with commas, quotes or the like must be quoted, or it reads as several addresses.
  const name = /^[\w .-]+$/.test(siteName) ? siteName : `"${siteName.replace(/["\\]/g, "\\$&")}"`;
  return `${name} <no-reply@${domain}>`;
}

/** Values the browser may see; everything else stays on the server. */
export function publicEnv(env: Env) {
  return { SITE_NAME: env.SITE_NAME, PUBLIC_URL: env.PUBLIC_URL };
}

/** Settings read by the test tooling only (never by the running server). */
export function readTestEnv(source: Record<string, string | undefined> = process.env) {
  return {
    /** a PostgreSQL server URL: API tests then run against it instead of PGlite */
    TEST_DATABASE_URL: source.TEST_DATABASE_URL || undefined,
    /** the base URL browser tests and benchmarks use */
    E2E_BASE_URL: source.E2E_BASE_URL || undefined,
    /** the port the browser tests start the production server on (several checkouts can test at once) */
    E2E_PORT: Number(source.E2E_PORT) || 3107,
    /** the DATA_DIR of the server the browser tests start (set by playwright.config.ts for its workers) */
    E2E_DATA_DIR: source.E2E_DATA_DIR || undefined,
    CI: source.CI === "true" || source.CI === "1",
    /** the browser tests' Chromium: Debian's headless shell (decision 070) */
    CHROMIUM_PATH: source.CHROMIUM_PATH || "/usr/lib/chromium/chromium-headless-shell",
    /** Lighthouse's Chromium: the whole browser, as a visitor has it */
    LIGHTHOUSE_CHROMIUM_PATH: source.LIGHTHOUSE_CHROMIUM_PATH || "/usr/bin/chromium",
    /** generated requests per operation in server/http/fuzz.test.ts; unset: a budget of about 3,000 in all */
    FUZZ_RUNS: Number(source.FUZZ_RUNS) || undefined,
  };
}

/**
 * glibc's allocator settings as the process was started with them (decision 058): read by glibc, not
 * by the app; the start only checks that they are there (server/boot.ts warnAboutMalloc).
 */
export function readAllocatorEnv(
  names: readonly string[],
  source: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, source[name]]));
}
