// A real SMTP server on an ephemeral local port (smtp-server), faking the mail relay at the network
// edge (conventions §15): it keeps what it received and can refuse recipients, the sender or the
// message with a chosen reply; with a user, it wants a login and refuses a wrong password with 535.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mail-parser.ts";

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  mail: ParsedMail;
}

export interface SmtpSink {
  /** smtp://[user:pass@]127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** every RCPT TO the server was asked, accepted or not: one per delivery attempt of a one-recipient message */
  recipientsTried: string[];
  /** Refuse every recipient from now on with this SMTP reply (451: try later, 550: never), or accept again (null). */
  refuse(reply: { code: number; message: string } | null): void;
  /** Refuse one address (any letter case) with this reply from now on, or accept it again (null). */
  refuseAddress(address: string, reply: { code: number; message: string } | null): void;
  /** Refuse every MAIL FROM with this reply from now on (a sender the relay does not allow), or accept again (null). */
  refuseSender(reply: { code: number; message: string } | null): void;
  /** Refuse every message at the end of DATA with this reply from now on (a content policy), or accept again (null). */
  refuseData(reply: { code: number; message: string } | null): void;
  /** From now on the login takes this password (the account's password changed on the server). */
  setPassword(pass: string): void;
  /**
   * From now on, hold the answer to each message's end (the server has the message; the client waits
   * for its 250), or answer the held ones and stop holding (false): a client killed meanwhile never
   * learns that they were taken.
   */
  holdAnswers(on: boolean): void;
  /** messages received whose answer is held */
  held: number;
  /** every login asked, right or wrong: one per connection */
  logins: number;
  close(): Promise<void>;
}

export async function startSmtpSink(
  options: {
    user?: string;
    pass?: string;
    /** keep the raw message and parse it (default true; a bench of thousands keeps only the envelope and headers) */
    keep?: boolean;
    /** answer each message's DATA after this many milliseconds (a slow server) */
    delayMs?: number;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  let refusal: { code: number; message: string } | null = null;
  let senderRefusal: { code: number; message: string } | null = null;
  let dataRefusal: { code: number; message: string } | null = null;
  let password = options.pass;
  const refusedAddresses = new Map<string, { code: number; message: string }>();
  const keep = options.keep ?? true;
  const auth = options.user !== undefined;
  // filled in once the server listens (its address is in the URL); the handlers count logins on it
  const sink = { logins: 0, held: 0 } as SmtpSink;
  let holding = false;
  let heldAnswers: Array<() => void> = [];

  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on localhost: nodemailer would otherwise try STARTTLS against a self-signed certificate.
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(login, _session, callback) {
      sink.logins += 1;
      if (login.username === options.user && login.password === password)
        return callback(null, { user: login.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      if (senderRefusal)
        return callback(Object.assign(new Error(senderRefusal.message), { responseCode: senderRefusal.code }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      const reply = refusal ?? refusedAddresses.get(address.address.toLowerCase());
      if (reply) return callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (dataRefusal)
          return callback(Object.assign(new Error(dataRefusal.message), { responseCode: dataRefusal.code }));
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = keep ? parseMail(raw) : parseMail(headerPart(raw));
        received.push({ envelope: { from, to }, raw: keep ? raw.toString("utf8") : "", mail });
        if (holding) {
          sink.held += 1;
          heldAnswers.push(() => callback());
        } else if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // A client that dies mid-conversation (a server killed with SIGKILL, the crash test) resets its
  // connections: each is an 'error' on the server, which must not end the test process.
  server.on("error", () => {});
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(options.user!)}:${encodeURIComponent(options.pass ?? "")}@` : "";
  Object.assign(sink, {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    recipientsTried,
    refuse(reply) {
      refusal = reply;
    },
    refuseAddress(address, reply) {
      if (reply) refusedAddresses.set(address.toLowerCase(), reply);
      else refusedAddresses.delete(address.toLowerCase());
    },
    refuseSender(reply) {
      senderRefusal = reply;
    },
    refuseData(reply) {
      dataRefusal = reply;
    },
    setPassword(pass) {
      password = pass;
    },
    holdAnswers(on) {
      holding = on;
      if (on) return;
      const answers = heldAnswers;
      heldAnswers = [];
      sink.held = 0;
      for (const answer of answers) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Omit<SmtpSink, "logins" | "held">);
  return sink;
}

/** The header block of a raw message (up to the first empty line), enough for the headers. */
function headerPart(raw: Buffer): Buffer {
  const end = raw.indexOf("\r\n\r\n");
  return end === -1 ? raw : raw.subarray(0, end + 4);
}
