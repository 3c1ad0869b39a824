// The e-mails identity sends: verification and password reset. Plain text first (read anywhere,
// cheap on data), with a simple HTML part carrying the same link.

/** What identity needs from the mailer: queue one message. */
export interface MailSender {
  send(message: { to: string; subject: string; text: string; html?: string; kind?: string }): Promise<unknown>;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function linkMail(opts: { to: string; subject: string; lines: string[]; action: string; url: string; after: string }) {
  const text = [...opts.lines, "", `${opts.action}: ${opts.url}`, "", opts.after].join("\n");
  const html =
    opts.lines.map((l) => `<p>${escape(l)}</p>`).join("") +
    `<p><a href="${escape(opts.url)}">${escape(opts.action)}</a></p>` +
    `<p>${escape(opts.after)}</p>`;
  return { to: opts.to, subject: opts.subject, text, html, kind: "auth" };
}

export function verificationMail({ site, to, url }: { site: string; to: string; url: string }) {
  return linkMail({
    to,
    subject: `Verify your e-mail address for ${site}`,
    lines: [`Welcome to ${site}!`, "Please confirm that this is your e-mail address. The link works for 24 hours."],
    action: "Verify my e-mail address",
    url,
    after: "If you did not create an account, you can ignore this e-mail.",
  });
}

export function passwordResetMail({ site, to, url }: { site: string; to: string; url: string }) {
  return linkMail({
    to,
    subject: `Reset your ${site} password`,
    lines: ["Someone asked to reset the password of your account.", "The link works for one hour, once."],
    action: "Choose a new password",
    url,
    after: "If it was not you, ignore this e-mail: your password stays as it is.",
  });
}

/** To the owner of an address that someone tried to sign up with again (the API does not say so). */
export function existingAccountMail({ site, to, url }: { site: string; to: string; url: string }) {
  return linkMail({
    to,
    subject: `Someone tried to create a ${site} account with your address`,
    lines: [
      `Someone tried to create a new ${site} account with this e-mail address, which already has one.`,
      "No new account was made. If it was you, sign in instead (or reset your password from the sign-in page).",
    ],
    action: "Sign in",
    url,
    after: "If it was not you, you can ignore this e-mail: your account is unchanged.",
  });
}
