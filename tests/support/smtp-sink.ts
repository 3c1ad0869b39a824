// A real SMTP server on an ephemeral local port (smtp-server), faking the mail relay at the network
// edge (conventions §15): it keeps what it received and can refuse recipients with a chosen reply.
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
  close(): Promise<void>;
}

export async function startSmtpSink(options: { user?: string; pass?: string } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  let refusal: { code: number; message: string } | null = null;
  const auth = options.user !== undefined;

  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on localhost: nodemailer would otherwise try STARTTLS against a self-signed certificate.
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(login, _session, callback) {
      if (login.username === options.user && login.password === options.pass)
        return callback(null, { user: login.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ envelope: { from, to }, raw: raw.toString("utf8"), mail: parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(options.user!)}:${encodeURIComponent(options.pass ?? "")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    recipientsTried,
    refuse(reply) {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
