// How an e-mail leaves the process (architecture "Mail"): .eml files in DATA_DIR/outbox by default, so
// everything works offline and can be looked at; real SMTP when SMTP_URL is set. A transport answers
// with a result, not an exception (conventions §6): a refused message is an expected outcome, and the
// mailer decides from `permanent` whether another attempt can help.
import path from "node:path";
import type { Env } from "../../env.ts";
import { createOutboxTransport } from "./outbox-transport.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

export interface OutgoingMail {
  /** our mail_messages id: names the outbox file, so a file can be traced to its row, and the Message-ID */
  id: string;
  /** when the message was queued: the outbox file's name starts with it (default: now) */
  queuedAt?: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: OutgoingAttachment[];
  /** extra header lines (List-Unsubscribe, List-Unsubscribe-Post) */
  headers?: Record<string, string>;
}

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** set: shown inline, referenced from the HTML as cid:<cid> */
  cid?: string;
}

export interface Delivered {
  messageId: string;
  /** the file written (outbox) or the server's last reply (SMTP) */
  detail: string;
}

export type SendResult =
  | { ok: true; value: Delivered }
  /** permanent: the receiving side refused this message for good (SMTP 5xx); retrying cannot help */
  | { ok: false; error: string; permanent?: boolean };

export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  send(mail: OutgoingMail): Promise<SendResult>;
  /** ends pooled connections (SMTP) */
  close?(): void;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export function createMailTransport(env: Pick<Env, "SMTP_URL" | "DATA_DIR">): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createOutboxTransport(outboxDir(env.DATA_DIR));
}
