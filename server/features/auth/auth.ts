// Identity (architecture "Identity"): Better Auth with e-mail + password, verification and password
// reset through the mailer, sessions in the database (any number of app processes share them), the
// username plugin (the author name on posts and comments), a `role` on the user (user | admin) and
// the bearer plugin (spec public-area §7: "Authenticated calls carry a bearer token"). The account
// rules every route obeys, and which routes are open at all, are in auth-rules.ts; the per-account
// and per-address limits in attempts.ts (docs/decisions/012).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { bearer, username } from "better-auth/plugins";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "../../../contract/account/auth.ts";
import type { Db } from "../../db/client.ts";
import { account, rateLimit, session, user, verification } from "../../db/schema/auth.ts";
import type { Env } from "../../env.ts";
import { newId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { safeErrorFields } from "../../db/errors.ts";
import { createAttempts } from "./attempts.ts";
import { createDeviceCookies } from "./device-cookie.ts";
import { createSignInGuard, type SignInTicket } from "./sign-in-guard.ts";
import { existingAccountMail, passwordResetMail, verificationMail, type MailSender } from "./auth-mail.ts";
import { createAccountRules } from "./auth-rules.ts";

/** Where Better Auth's own routes live: /backend/api/auth/* (architecture table). */
export const AUTH_BASE_PATH = "/backend/api/auth";

/** The header the server sets from the socket address; a client's own value is always replaced. */
export const CLIENT_IP_HEADER = "x-academy-client-ip";

/**
 * Identity e-mails one address may get per hour, of each kind (reset, verification, "someone tried to
 * sign up with your address"): requests beyond it get the usual answer but queue no e-mail, so nobody
 * can flood a stranger's inbox from many client addresses (docs/decisions/012).
 */
export const AUTH_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-in/username"]);

export interface AuthDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: MailSender;
  /** where profile images are kept (the account rules accept only an image stored there) */
  mediaStore: MediaStore;
}

export function createAuth({ db, env, logger, mailer, mediaStore }: AuthDeps) {
  const adminEmails = new Set(env.ADMIN_EMAILS);
  const signUpRule = { window: 60, max: env.SIGN_IN_RATE_LIMIT };
  const site = env.SITE_NAME;
  const rules = createAccountRules({ store: mediaStore });
  const attempts = createAttempts(db);
  const secret = authSecret(env, logger);
  const secure = new URL(env.PUBLIC_URL).protocol === "https:";
  const devices = createDeviceCookies({ secret, secure });
  const guard = createSignInGuard({ db, attempts, devices, perMinute: env.SIGN_IN_RATE_LIMIT });
  // What each sign-in was counted on, from the hook before the password check to the one after it
  // (keyed by the request: both hooks see the same object).
  const tickets = new WeakMap<object, SignInTicket>();

  /** Queues an identity e-mail unless its address already had AUTH_MAILS_PER_HOUR of this kind. */
  async function sendCapped(kind: "reset" | "verification" | "existing", message: Parameters<MailSender["send"]>[0]) {
    if (await attempts.consume(`mail|${kind}|${message.to.toLowerCase()}`, AUTH_MAILS_PER_HOUR, HOUR_MS)) {
      await mailer.send(message);
    } else {
      // (no address in the log: it is personal data, and the cap is what matters)
      logger.warn(`identity e-mail (${kind}) not queued: its address reached ${AUTH_MAILS_PER_HOUR} this hour`);
    }
  }

  return betterAuth({
    appName: site,
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    // Its own messages (a wrong password, a failed query) become our JSON log lines, with an error's
    // name, SQLSTATE and scrubbed message only: never the submitted values.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level]("better-auth", { message, ...(args[0] === undefined ? {} : safeErrorFields(args[0])) }),
    },
    // A refusal (4xx) is an answer, not a fault: Better Auth would print each one at ERROR. A fault is
    // logged once, by our logger, without the submitted values.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.status !== "INTERNAL_SERVER_ERROR") return;
        logger.error("better-auth failure", safeErrorFields(error));
      },
    },
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: "academy",
      // A session cookie never travels over plain HTTP when the site is served over HTTPS.
      useSecureCookies: secure,
    },
    user: {
      // The role lives on the user row (set by ADMIN_EMAILS, our role route or `npm run admin`);
      // no request body can set it.
      additionalFields: { role: { type: "string", required: false, defaultValue: "user", input: false } },
    },
    emailAndPassword: {
      enabled: true,
      // Nobody signs in with an address they do not own; sign-in resends the link (sendOnSignIn).
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: u, token }) => {
        const url = `${env.PUBLIC_URL}/reset-password?token=${token}`;
        await sendCapped("reset", await passwordResetMail({ env, to: u.email, name: u.name, url }));
      },
      // Whoever proved they own the address is no longer slowed down by someone else's guesses.
      onPasswordReset: async ({ user: u }) => attempts.forgiveAccount(u.id),
      // The API answers a taken address like a new one; the owner hears that someone tried.
      onExistingUserSignUp: async ({ user: u }) => {
        await sendCapped(
          "existing",
          await existingAccountMail({ env, to: u.email, name: u.name, url: `${env.PUBLIC_URL}/login` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        await sendCapped("verification", await verificationMail({ env, to: u.email, name: u.name, url }));
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: { verifiedAt: { type: "date", required: false, input: false } },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: env.AUTH_RATE_LIMIT,
      customRules: {
        // Sign-in is limited per address in the hook below instead (sign-in-guard.ts): there it is
        // known whether the client is a known device of the account, which no address limit may refuse.
        "/sign-in/email": false,
        "/sign-in/username": false,
        "/sign-up/email": signUpRule,
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await rules.checkBody(ctx.path, ctx.body);
        if (SIGN_IN_PATHS.has(ctx.path)) {
          const headers = ctx.headers ?? ctx.request?.headers;
          const ticket = await guard.begin({
            path: ctx.path,
            body: ctx.body,
            clientIp: headers?.get(CLIENT_IP_HEADER),
            cookie: headers?.get("cookie"),
            verifyPassword: async (userId, password) => {
              const [row] = await db
                .select({ hash: account.password })
                .from(account)
                .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
                .limit(1);
              return !!row?.hash && (await ctx.context.password.verify({ hash: row.hash, password }));
            },
          });
          const holder = ctx.request ?? ctx.headers;
          if (holder) tickets.set(holder, ticket);
        }
        // checkBody normalised the body in place (username in lower case, name = username)
        return ctx.body && typeof ctx.body === "object" ? { context: { body: ctx.body } } : undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!SIGN_IN_PATHS.has(ctx.path)) return;
        const returned = ctx.context.returned;
        // A wrong password stays counted (the guard counted it); a right one forgives where it was
        // counted, also when the address still awaits verification.
        const rightPassword = !isAPIError(returned) || (returned as APIError).body?.code === "EMAIL_NOT_VERIFIED";
        const holder = ctx.request ?? ctx.headers;
        const signedIn = ctx.context.newSession?.user.id ?? null;
        const cookie = await guard.finish(holder ? tickets.get(holder) : undefined, {
          rightPassword,
          signedInUserId: rightPassword && !isAPIError(returned) ? signedIn : null,
        });
        if (cookie) ctx.setCookie(cookie.name, cookie.value, cookie.attributes);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The first admins come from ADMIN_EMAILS (architecture "Identity").
          before: async (u) => {
            const role = adminEmails.has(u.email.toLowerCase()) ? "admin" : "user";
            return { data: await rules.userRow({ ...u, role }, true) };
          },
        },
        update: {
          before: async (u) => ({ data: await rules.userRow(u, false) }),
        },
      },
      session: {
        create: {
          // A session starts with a password (or a reset/verification link): that counts as verified.
          before: async (s) => ({ data: { ...s, verifiedAt: new Date() } }),
        },
      },
    },
    plugins: [
      username({ minUsernameLength: USERNAME_MIN, maxUsernameLength: USERNAME_MAX, displayUsername: false }),
      bearer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function trustedOrigins(env: Env): string[] {
  const origins = [new URL(env.PUBLIC_URL).origin];
  // `react-router dev` may run on another port than PUBLIC_URL says.
  if (env.NODE_ENV === "development") origins.push("http://localhost:*", "http://127.0.0.1:*");
  return origins;
}

/** The same rule for our own routes' cross-site check (server/http/session.ts). */
export function originChecker(env: Env): (origin: string) => boolean {
  const own = new URL(env.PUBLIC_URL).origin;
  const devLocal = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;
  return (origin) => origin === own || (env.NODE_ENV === "development" && devLocal.test(origin));
}

/**
 * AUTH_SECRET signs cookies and tokens. Without one, a random secret is kept in DATA_DIR/auth-secret so
 * that sessions survive restarts of a single server; several servers must share one AUTH_SECRET.
 */
function authSecret(env: Env, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // no secret yet: make one below
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    logger.warn("AUTH_SECRET is not set: using a secret kept in DATA_DIR; every app process must share it");
  }
  return secret;
}
