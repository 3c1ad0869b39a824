// How an e-mail leaves the process (architecture "Mail"): .eml files in DATA_DIR/outbox by default, so
// everything works offline and can be looked at; real SMTP when SMTP_URL is set. A transport answers
// with a result, not an exception (conventions §6): a refused message is an expected outcome, and the
// mailer decides from `permanent` whether another attempt can help, and from `ourSide` whether the
// recipient is to blame at all.
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

/** How the mailer takes part in one send (decision 067). */
export interface SendOptions {
  /**
   * Called once, after the server has accepted the envelope and has the whole message but its end
   * (SMTP: before the final "." of DATA; the outbox: before the file is written): the moment after
   * which the server may have the message. The mailer records the hand-over and resolves true; false
   * (another attempt has it) abandons the send without the end: the server discards what it got.
   */
  handOver?: () => Promise<boolean>;
}

export type SendResult =
  | { ok: true; value: Delivered }
  | {
      ok: false;
      error: string;
      /**
       * handed over (handOver resolved true) and no answer came (the connection broke, or timed out):
       * the server may have the message. Never sent again (decision 067).
       */
      unanswered?: boolean;
      /** handOver resolved false: abandoned before the end, nothing was sent */
      abandoned?: boolean;
      /** the recipient was refused for good (SMTP 5xx to RCPT TO: a hard bounce); retrying cannot help */
      permanent?: boolean;
      /**
       * the failure is about us or our mail server, not the recipient (our login, TLS, our sender
       * address, the connection, a 421; decision 050): no mail is going out. Never permanent.
       */
      ourSide?: boolean;
    };

export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  send(mail: OutgoingMail, options?: SendOptions): Promise<SendResult>;
  /** connects and logs in without sending (SMTP): whether the server would take mail from us now */
  verify?(): Promise<{ ok: true } | { ok: false; error: string }>;
  /** ends pooled connections (SMTP) */
  close?(): void;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export function createMailTransport(env: Pick<Env, "SMTP_URL" | "DATA_DIR">): MailTransport {
  return env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createOutboxTransport(outboxDir(env.DATA_DIR));
}
