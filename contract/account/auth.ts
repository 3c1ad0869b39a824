// Accounts, roles and the signed-in user as the web and API clients see them (spec public-area §3
// "Signed-in user (from identity provider) | username, imageUrl, publicMetadata.role", §6, admin §6).
import { z } from "zod";
import { EmailSchema, textError } from "../lib/common.ts";

export const ROLES = ["user", "admin"] as const;
export const RoleSchema = z.enum(ROLES, { error: "Role must be user or admin" });
export type Role = z.infer<typeof RoleSchema>;

/** The spec's "moderate" step-up level: dangerous admin actions need a password from the last 60 minutes. */
export const STEP_UP_MAX_AGE_MINUTES = 60;

export const ADMINS_ONLY = "Access Denied: Admins only.";

/** What a refused call says: signed out, not an admin, or the password must be confirmed again. */
export const ACCESS_MESSAGES = {
  signIn: "Please sign in to continue.",
  adminsOnly: ADMINS_ONLY,
  stepUp: "Please confirm your password to continue.",
};

export const ViewerSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  publicMetadata: z.object({ role: RoleSchema }),
});
export type Viewer = z.infer<typeof ViewerSchema>;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const UsernameSchema = z
  .string({ error: textError("Username") })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[a-zA-Z0-9_.]+$/, "Username may use only letters, digits, dots and underscores")
  .transform((v) => v.toLowerCase());

export const PasswordSchema = z
  .string({ error: textError("Password") })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p), "Password must contain letters and numbers");

export const RegisterSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const SignInSchema = z.object({
  /** an e-mail address or a username */
  identifier: z
    .string({ error: textError("E-mail or username") })
    .trim()
    .min(1, "E-mail or username is required")
    .max(254),
  password: z
    .string({ error: textError("Password") })
    .min(1, "Password is required")
    .max(PASSWORD_MAX),
});

/** /forgot-password: the address to send the reset link to. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const RESET_TOKEN_MAX = 512;

/**
 * /reset-password's form: the new password typed twice. A mismatch is said first (a typo would lock the
 * user out again); only then the password rule. The service parses the password again and is the truth.
 */
export const ResetPasswordFormSchema = z
  .object({
    token: z.string({ error: textError("Token") }).max(RESET_TOKEN_MAX),
    password: z.string({ error: textError("Password") }),
    confirm: z.string({ error: textError("Password") }),
  })
  .superRefine((form, ctx) => {
    if (form.password !== form.confirm) {
      ctx.addIssue({ code: "custom", path: ["confirm"], message: AUTH_MESSAGES.passwordMismatch });
      return;
    }
    const checked = PasswordSchema.safeParse(form.password);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: "custom", path: ["password"], message: issue.message });
    }
  });

export const StepUpSchema = z.object({
  password: z
    .string({ error: textError("Password") })
    .min(1, "Password is required")
    .max(PASSWORD_MAX),
});

export const SetRoleSchema = z.object({ role: RoleSchema });

export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const DashboardSchema = z.object({
  today: z.object({ subscribers: z.number(), contacts: z.number(), users: z.number() }),
  totals: z.object({ subscribers: z.number(), contacts: z.number(), users: z.number(), courses: z.number() }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** What the account forms and the identity API say (server/features/auth/auth-flows.ts). */
export const AUTH_MESSAGES = {
  wrongCredentials: "Wrong e-mail, username or password.",
  notVerified: "Please verify your e-mail address first: we have just sent you a new link.",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  emailTaken: "An account with this e-mail address already exists. Sign in, or reset your password.",
  usernameTaken: "That username is taken. Please choose another.",
  badResetLink: "This reset link is invalid or has expired. Please ask for a new one.",
  crossSite: "Please submit the form from this site.",
  resetSent: "If an account uses that address, we have sent it a link to choose a new password.",
  registered: "Almost done: we have sent you an e-mail. Open its link to verify your address, then sign in.",
  failed: "Something went wrong on our side. Please try again.",
  passwordMismatch: "The two passwords are not the same. Please type the new password twice.",
  verificationSent: "We have sent you a new verification link. Open it to verify your e-mail address.",
  alreadyVerified: "Your e-mail address is already verified.",
  /** the slow-down after repeated wrong passwords, per device or address (docs/decisions/012, 024) */
  signInPaused:
    "Too many failed sign-ins for this account from this device. Please wait a few minutes and try again, or reset your password.",
};

/**
 * What Better Auth's own routes (/backend/api/auth/*) answer when a body breaks an account rule
 * (server/features/auth/auth-rules.ts). The username, password and image rules themselves answer with
 * UsernameSchema's, PasswordSchema's and AVATAR_MESSAGES' own sentences.
 */
export const ACCOUNT_FIELD_MESSAGES = {
  notAllowed: (field: string, allowed: readonly string[]) =>
    `"${field}" cannot be set here; this request accepts only: ${allowed.join(", ")}.`,
  nameIsUsername: "The name is the username: leave name out, or send the same value as username.",
};

// Profile images chosen at sign-up (server/features/auth/avatar.ts).
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** the largest canvas decoded (a small file can claim a huge one) */
export const AVATAR_MAX_PIXELS = 25_000_000;
/** stored pictures fit inside this square */
export const AVATAR_SIZE = 256;

export const AVATAR_MESSAGES = {
  tooBig: "Profile image must be at most 1 MB.",
  badType: "Profile image must be a PNG, JPEG, WebP or GIF picture.",
  tooManyPixels: "Profile image must be at most 25 megapixels (for example 5000 × 5000).",
  notOurs: "Profile image must be a picture uploaded to this site, or null.",
};
