// Identity (architecture "Identity"): Better Auth with e-mail + password, verification and password
// reset through the mailer, sessions in the database (any number of app processes share them), the
// username plugin (the author name on posts and comments), the admin plugin (role user | admin) and
// the bearer plugin (spec public-area §7: "Authenticated calls carry a bearer token").
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import type { Db } from "../../db/client.ts";
import { account, rateLimit, session, user, verification } from "../../db/schema/auth.ts";
import type { Env } from "../../env.ts";
import { newId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import { passwordResetMail, verificationMail, type MailSender } from "./auth-mail.ts";

/** Where Better Auth's own routes live: /backend/api/auth/* (architecture table). */
export const AUTH_BASE_PATH = "/backend/api/auth";

/** The header the server sets from the socket address; a client's own value is always replaced. */
export const CLIENT_IP_HEADER = "x-academy-client-ip";

export interface AuthDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: MailSender;
}

export function createAuth({ db, env, logger, mailer }: AuthDeps) {
  const adminEmails = new Set(env.ADMIN_EMAILS);
  const signInRule = { window: 60, max: env.SIGN_IN_RATE_LIMIT };
  const site = env.SITE_NAME;

  return betterAuth({
    appName: site,
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(env, logger),
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: "academy",
    },
    emailAndPassword: {
      enabled: true,
      // Nobody signs in with an address they do not own; sign-in resends the link (sendOnSignIn).
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: u, token }) => {
        await mailer.send(
          passwordResetMail({ site, to: u.email, url: `${env.PUBLIC_URL}/reset-password?token=${token}` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        await mailer.send(verificationMail({ site, to: u.email, url }));
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
      max: 100,
      customRules: {
        "/sign-in/email": signInRule,
        "/sign-in/username": signInRule,
        "/sign-up/email": signInRule,
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        "/verify-password": signInRule,
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The first admins come from ADMIN_EMAILS (architecture "Identity").
          before: async (u) => ({ data: { ...u, role: adminEmails.has(u.email.toLowerCase()) ? "admin" : "user" } }),
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
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
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
