// Real delivery when SMTP_URL is set: smtp://host:587 (STARTTLS when offered) or smtps://host:465,
// with optional user:pass@ (architecture "Mail"). A refusal is told apart by whom it is about
// (smtpFailure): the recipient's (a bounce) or ours (the login, the sender, the connection: decision 050).
// The message's end (DATA's final ".") waits for the mailer to record the hand-over (decision 067).
import { Readable } from "node:stream";
import nodemailer, { type NodemailerError } from "nodemailer";
import { nodemailerMessage } from "./attachments.ts";
import type { MailTransport, SendOptions, SendResult } from "./mail-transport.ts";

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
  // The message's last stage (after nodemailer's own): passes the message through and holds its end
  // until the hand-over. nodemailer reads the message only once the server has answered DATA with 354,
  // and writes the final "." only once the message has ended: so the server can have the message only
  // after the hand-over is recorded, and a hand-over refused drops the connection without the ".".
  transporter.use("stream", (mail, done) => {
    const gate = (mail.data as { [HAND_OVER]?: Gate })[HAND_OVER];
    if (gate) mail.message.processFunc((input) => gated(input, gate));
    done();
  });
  return {
    kind: "smtp",
    close: () => transporter.close(),
    async send(mail, options: SendOptions = {}): Promise<SendResult> {
      const gate = options.handOver ? newGate(options.handOver) : null;
      try {
        const info = await transporter.sendMail({ ...nodemailerMessage(mail), ...(gate ? { [HAND_OVER]: gate } : {}) });
        return { ok: true, value: { messageId: info.messageId, detail: info.response ?? "" } };
      } catch (caught) {
        const error = caught as NodemailerError;
        if (gate?.state === "refused") return { ok: false, error: ABANDONED, abandoned: true };
        if (gate?.state === "broken") return { ok: false, error: `${UNRECORDED} (${gate.error})` };
        // handed over and no answer to the end (the connection broke or timed out): it may have arrived
        if (gate?.state === "handed" && !error.responseCode)
          return { ok: false, error: `${UNANSWERED} (${error.message.trim()})`, unanswered: true };
        return { ok: false, ...smtpFailure(error) };
      }
    },
    async verify() {
      try {
        await transporter.verify();
        return { ok: true };
      } catch (caught) {
        return { ok: false, error: smtpFailure(caught as NodemailerError).error };
      }
    },
  };
}

/** The mail.data key nodemailer carries a send's gate under, to the stream plugin. */
const HAND_OVER = "academyHandOver";
const ABANDONED = "Another attempt had handed this message over: this one stopped before the message's end";
const UNRECORDED = "The hand-over could not be recorded: the message's end was not sent";
const UNANSWERED = "The SMTP server had the whole message, and the connection ended before its answer";

/** One send's hand-over: asked once, however many times nodemailer builds the message's stream. */
interface Gate {
  ask(): Promise<boolean>;
  state: "waiting" | "handed" | "refused" | "broken";
  error?: string;
}

function newGate(handOver: () => Promise<boolean>): Gate {
  let asked: Promise<boolean> | null = null;
  const gate: Gate = {
    state: "waiting",
    ask: () =>
      (asked ??= handOver().then(
        (handed) => {
          gate.state = handed ? "handed" : "refused";
          return handed;
        },
        (error: unknown) => {
          gate.state = "broken";
          gate.error = error instanceof Error ? error.message : String(error);
          return false;
        },
      )),
  };
  return gate;
}

/** `input` passed through, its end held until the gate opens; an error instead of the end if it does not. */
function gated(input: Readable, gate: Gate): Readable {
  async function* withHeldEnd() {
    for await (const chunk of input) yield chunk as Buffer;
    if (!(await gate.ask())) throw new Error(gate.state === "broken" ? UNRECORDED : ABANDONED);
  }
  return Readable.from(withHeldEnd(), { objectMode: false });
}

/** Replies about the login (RFC 4954): 530 authentication required, 534 too weak, 535 refused, 538 needs TLS. */
const LOGIN_REPLIES = new Set([530, 534, 535, 538]);
/** Node's codes of a TLS failure (kept as `originalCode` under nodemailer's ESOCKET): handshake, certificate */
const TLS_ORIGINAL_CODE = /^ERR_(SSL|TLS)_|CERT|SELF_SIGNED/;
/** nodemailer's codes for a connection that failed or ended without an SMTP reply to go by */
const CONNECTION_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "EPROXY"]);

const OUR_SIDE = {
  login: "The SMTP server refused our login: check the user name and password in SMTP_URL",
  tls: "TLS with the SMTP server failed: check SMTP_URL's scheme and port (smtps:// for 465, smtp:// with STARTTLS for 587)",
  busy: "The SMTP server turned us away for now (too many connections, or it is busy)",
  connection: "Could not talk to the SMTP server: check SMTP_URL's host and port, and that the server is up",
  relay: "The SMTP server refused to relay our mail: check that SMTP_URL logs in with an account allowed to send",
  sender: "Our sender address was refused: check that MAIL_FROM is an address SMTP_URL's account may send from",
  message: "The SMTP server refused the message itself (size or content policy)",
  other: "The SMTP server did not take the message",
};

/**
 * What a failed send says, and about whom (decision 050). Only the recipient's own refusal is a
 * bounce: a 5xx to RCPT TO (550 no such user, 551, 553 bad address ...; nodemailer sets `permanent`
 * for any 5xx but 503). Everything else is about us or our mail server (the login, TLS, the sender
 * address, the connection, a 421, the message at DATA): mail is not going out for anyone, so it is
 * never permanent, it is retried, and `ourSide` tells the mailer to say so. The reply is kept in the
 * error after what to check.
 */
export function smtpFailure(error: NodemailerError): { error: string; permanent: boolean; ourSide?: true } {
  const reply = error.responseCode;
  const command = error.command ?? "";
  const ours = (what: string) => ({
    error: `${what} (${error.message.trim()})`,
    permanent: false,
    ourSide: true as const,
  });
  if (error.code === "EAUTH" || error.code === "ENOAUTH" || (reply && LOGIN_REPLIES.has(reply)))
    return ours(OUR_SIDE.login);
  if (reply === 421) return ours(OUR_SIDE.busy);
  const tls = error.code === "ETLS" || error.code === "EREQUIRETLS" || command === "STARTTLS";
  if (tls || TLS_ORIGINAL_CODE.test(error.originalCode ?? "")) return ours(OUR_SIDE.tls);
  if (command === "RCPT TO") {
    // every recipient refused (a message has one). "Relay access denied" is the server refusing us,
    // not the address: it answers the same for every recipient of another domain.
    if (error.permanent === true && /\brelay/i.test(error.response ?? "")) return ours(OUR_SIDE.relay);
    // 5xx: a bounce; 4xx (greylisting, a full mailbox for now): about this recipient, tried again later
    return { error: error.message, permanent: error.permanent === true };
  }
  if (error.code === "EMESSAGE" || command === "DATA") return ours(OUR_SIDE.message);
  // MAIL FROM refused, or nodemailer's own refusal of the envelope (MAIL_FROM not an address)
  if (command === "MAIL FROM" || error.code === "EENVELOPE") return ours(OUR_SIDE.sender);
  const greeting = ["CONN", "EHLO", "HELO", "LHLO"].includes(command);
  if (!reply || greeting || CONNECTION_CODES.has(error.code ?? "")) return ours(OUR_SIDE.connection);
  return ours(OUR_SIDE.other);
}
