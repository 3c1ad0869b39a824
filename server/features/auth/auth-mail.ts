// The e-mails identity sends: verification, password reset, and "someone tried to sign up with your
// address". Made with the e-mail kit (server/features/mail/templates, decision 022): the academy's
// layout, a button with the link spelled out under it, and a plain-text part whose first address is
// the link.
import type { Env } from "../../env.ts";
import type { MailInput } from "../mail/mail.service.ts";
import { emailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";

/** What identity needs from the mailer: queue one message. */
export interface MailSender {
  send(message: MailInput): Promise<unknown>;
}

interface AuthMailInput {
  /** SITE_NAME, PUBLIC_URL and MAIL_POSTAL_ADDRESS, for the layout */
  env: Pick<Env, "SITE_NAME" | "PUBLIC_URL" | "MAIL_POSTAL_ADDRESS">;
  to: string;
  /** the account's name (its username), when known */
  name?: string | null;
  url: string;
}

export function verificationMail({ env, to, name, url }: AuthMailInput): Promise<MailInput> {
  const site = env.SITE_NAME;
  return composeEmail(emailBrand(env), {
    to,
    kind: "auth",
    subject: `Verify your e-mail address for ${site}`,
    preview: "Confirm your address to start learning. The link works for 24 hours.",
    heading: "Verify your e-mail address",
    name,
    blocks: [
      { kind: "paragraph", text: `Welcome to ${site}!` },
      { kind: "paragraph", text: "Please confirm that this is your e-mail address. The link works for 24 hours." },
      { kind: "button", label: "Verify my e-mail address", url, spellOut: true },
      { kind: "note", text: "If you did not create an account, you can ignore this e-mail." },
    ],
    reason: `You got this e-mail because this address was used to create an account at ${site}.`,
  });
}

export function passwordResetMail({ env, to, name, url }: AuthMailInput): Promise<MailInput> {
  const site = env.SITE_NAME;
  return composeEmail(emailBrand(env), {
    to,
    kind: "auth",
    subject: `Reset your ${site} password`,
    preview: "Choose a new password. The link works for one hour, once.",
    heading: "Reset your password",
    name,
    blocks: [
      { kind: "paragraph", text: "Someone asked to reset the password of your account." },
      { kind: "paragraph", text: "The link works for one hour, once." },
      { kind: "button", label: "Choose a new password", url, spellOut: true },
      { kind: "note", text: "If it was not you, ignore this e-mail: your password stays as it is." },
    ],
    reason: `You got this e-mail because a password reset was asked for the ${site} account with this address.`,
  });
}

/** To the owner of an address that someone tried to sign up with again (the API does not say so). */
export function existingAccountMail({ env, to, name, url }: AuthMailInput): Promise<MailInput> {
  const site = env.SITE_NAME;
  return composeEmail(emailBrand(env), {
    to,
    kind: "auth",
    subject: `Someone tried to create a ${site} account with your address`,
    preview: "No new account was made. If it was you, sign in instead.",
    heading: "You already have an account",
    name,
    blocks: [
      {
        kind: "paragraph",
        text: `Someone tried to create a new ${site} account with this e-mail address, which already has one.`,
      },
      {
        kind: "paragraph",
        text: "No new account was made. If it was you, sign in instead (or reset your password from the sign-in page).",
      },
      { kind: "button", label: "Sign in", url },
      { kind: "note", text: "If it was not you, you can ignore this e-mail: your account is unchanged." },
    ],
    reason: `You got this e-mail because this address belongs to an account at ${site}.`,
  });
}
