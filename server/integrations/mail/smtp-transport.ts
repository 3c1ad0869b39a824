// Real delivery when SMTP_URL is set: smtp://host:587 (STARTTLS when offered) or smtps://host:465,
// with optional user:pass@ (architecture "Mail").
import nodemailer, { type NodemailerError } from "nodemailer";
import { nodemailerMessage } from "./attachments.ts";
import type { MailTransport } from "./mail-transport.ts";

export interface SmtpOptions {
  /** how long to wait for the connection, the greeting and each reply, in milliseconds */
  timeoutMs?: number;
  /** pooled connections kept open to the server (default 5) */
  maxConnections?: number;
}

/** Kept well below the mail job's expiry (mail.service.ts), so a stuck server ends as a retry. */
export const SMTP_TIMEOUT_MS = 20_000;

export function createSmtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  // nodemailer's defaults wait minutes (connection 2 min, socket 10 min): far longer than a job may run.
  // Pooled (decision 037): a newsletter send of thousands reuses a few open connections instead of a
  // connect, greeting and login per message; each connection sends up to 100 messages, then reconnects.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    maxMessages: 100,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: "smtp",
    close: () => transporter.close(),
    async send(mail) {
      try {
        const info = await transporter.sendMail(nodemailerMessage(mail));
        return { ok: true, value: { messageId: info.messageId, detail: info.response ?? "" } };
      } catch (caught) {
        const error = caught as NodemailerError;
        // nodemailer sets `permanent` from the reply class: true for a 5xx (but 503), false for a 4xx.
        // Errors without a reply (refused connection, timeout, DNS) are transient: try again later.
        return { ok: false, error: error.message, permanent: error.permanent === true };
      }
    },
  };
}
