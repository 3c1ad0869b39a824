import { afterEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { createSmtpTransport, smtpFailure } from "./smtp-transport.ts";

let sink: SmtpSink | undefined;
const opened: MailTransport[] = [];
afterEach(async () => {
  // a pooled transport keeps its connection open: closed first, or the sink's close waits out its 20 s
  for (const transport of opened.splice(0)) transport.close?.();
  await sink?.close();
  sink = undefined;
});

/** The transport under test, closed after the test. */
function smtpTransport(...args: Parameters<typeof createSmtpTransport>): MailTransport {
  const transport = createSmtpTransport(...args);
  opened.push(transport);
  return transport;
}

const mail: OutgoingMail = {
  id: "65f0c0ffee00000000000001",
  from: "TechAfrica <no-reply@academy.example>",
  to: "ada@example.com",
  subject: "Reset your TechAfrica password",
  text: "Choose a new password: http://localhost:3000/reset-password?token=xyz",
  html: '<p><a href="http://localhost:3000/reset-password?token=xyz">Choose a new password</a></p>',
};

describe("SMTP transport", () => {
  it("delivers the message over SMTP, logging in with the URL's user and password", async () => {
    sink = await startSmtpSink({ user: "mailer", pass: "s3cret/+pw" });
    expect(sink.url).toMatch(/^smtp:\/\/mailer:s3cret%2F%2Bpw@127\.0\.0\.1:\d+$/);

    const result = await smtpTransport(sink.url).send(mail);

    expect(result).toEqual({
      ok: true,
      value: { messageId: expect.any(String), detail: expect.stringMatching(/^250 /) },
    });
    expect(sink.received).toHaveLength(1);
    const [got] = sink.received;
    expect(got!.envelope).toEqual({ from: "no-reply@academy.example", to: ["ada@example.com"] });
    expect(got!.mail).toMatchObject({
      to: "ada@example.com",
      from: "TechAfrica <no-reply@academy.example>",
      subject: "Reset your TechAfrica password",
      text: mail.text,
      html: mail.html,
    });
  });

  it("answers a retryable failure for a 4xx refusal", async () => {
    sink = await startSmtpSink();
    sink.refuse({ code: 451, message: "Greylisted, try again later" });
    const result = await smtpTransport(sink.url).send(mail);
    expect(result).toEqual({ ok: false, permanent: false, error: expect.stringContaining("451 Greylisted") });
    expect(sink.received).toHaveLength(0);
  });

  it.each([
    [550, "5.1.1 No such user here"],
    [551, "5.1.6 User not local, try elsewhere"],
    [553, "5.1.3 Mailbox name not allowed"],
    [554, "5.7.1 Recipient address rejected: Access denied"],
  ])("answers a permanent failure, the recipient's, for a %i refusal of RCPT TO", async (code, message) => {
    sink = await startSmtpSink();
    sink.refuse({ code, message });
    const result = await smtpTransport(sink.url).send(mail);
    // a hard bounce: no `ourSide`, so the newsletter marks the address bounced
    expect(result).toEqual({ ok: false, permanent: true, error: expect.stringContaining(`${code} ${message}`) });
  });
});

// Decision 067: the mailer records the hand-over before the message's end goes, so a message is handed
// to the server by one attempt only, and one whose answer never came is known to be in doubt.
describe("SMTP transport: the hand-over", () => {
  it("asks once the server has accepted the envelope and before it has the message's end, then delivers", async () => {
    sink = await startSmtpSink();
    const seen: Array<{ tried: string[]; received: number }> = [];
    const result = await smtpTransport(sink.url).send(mail, {
      handOver: async () => {
        seen.push({ tried: [...sink!.recipientsTried], received: sink!.received.length });
        return true;
      },
    });
    expect(result.ok).toBe(true);
    expect(seen).toEqual([{ tried: ["ada@example.com"], received: 0 }]);
    expect(sink.received).toHaveLength(1);
  });

  it("stops before the message's end when the hand-over is refused: the server keeps nothing, the next send goes", async () => {
    sink = await startSmtpSink();
    const transport = smtpTransport(sink.url);
    const result = await transport.send(mail, { handOver: async () => false });
    expect(result).toEqual({ ok: false, abandoned: true, error: expect.stringContaining("Another attempt") });
    expect(sink.received).toHaveLength(0);
    expect((await transport.send({ ...mail, id: "65f0c0ffee00000000000002" }, { handOver: async () => true })).ok).toBe(
      true,
    );
    expect(sink.received).toHaveLength(1);
  });

  it("does not ask when the recipient is refused, nor send the end when the hand-over cannot be recorded", async () => {
    sink = await startSmtpSink();
    let asked = 0;
    sink.refuse({ code: 550, message: "5.1.1 No such user here" });
    const refused = await smtpTransport(sink.url).send(mail, { handOver: async () => (asked += 1) > 0 });
    expect(refused).toMatchObject({ ok: false, permanent: true });
    expect(asked).toBe(0);

    sink.refuse(null);
    const broken = await smtpTransport(sink.url).send(mail, {
      handOver: () => Promise.reject(new Error("the database is gone")),
    });
    expect(broken).toEqual({ ok: false, error: expect.stringContaining("the database is gone") });
    expect(sink.received).toHaveLength(0);
  });

  it("says the outcome is unknown when the connection ends after the hand-over, before the answer", async () => {
    sink = await startSmtpSink();
    sink.holdAnswers(true);
    const result = await smtpTransport(sink.url, { timeoutMs: 300 }).send(mail, { handOver: async () => true });
    expect(result).toEqual({ ok: false, unanswered: true, error: expect.stringContaining("before its answer") });
    // the server has it: sending it again would have delivered it twice
    expect(sink.received).toHaveLength(1);
    sink.holdAnswers(false);
  });
});

// Decision 050: a 5xx about us is not a bounce. Each of these answered `permanent: true` before, so the
// mailer deadlettered the message and the newsletter marked the subscriber bounced for good.
describe("SMTP transport: failures on our side", () => {
  it("answers a retryable failure on our side when the login is refused (535), saying to check SMTP_URL", async () => {
    sink = await startSmtpSink({ user: "mailer", pass: "right" });
    const result = await smtpTransport(sink.url.replace(":right@", ":wrong@")).send(mail);
    expect(result).toEqual({
      ok: false,
      permanent: false,
      ourSide: true,
      error: expect.stringMatching(/^The SMTP server refused our login: check .* SMTP_URL \(.*535 /),
    });
    expect(sink.recipientsTried).toEqual([]);
  });

  it("sends with the same transport once the server takes the password, and verify() says so first", async () => {
    sink = await startSmtpSink({ user: "mailer", pass: "right" });
    const transport = smtpTransport(sink.url.replace(":right@", ":wrong@"));
    expect(await transport.verify!()).toEqual({ ok: false, error: expect.stringContaining("535") });
    expect(await transport.send(mail)).toMatchObject({ ok: false, ourSide: true });

    sink.setPassword("wrong"); // the account's password, changed on the server to the one the URL has
    expect(await transport.verify!()).toEqual({ ok: true });
    expect(await transport.send(mail)).toMatchObject({ ok: true });
    expect(sink.received.map((r) => r.envelope.to)).toEqual([["ada@example.com"]]);
  });

  it.each([
    [
      "our sender refused (MAIL FROM 550)",
      "sender",
      { code: 550, message: "5.7.1 Sender not allowed for this account" },
    ],
    ["a login required at MAIL FROM (530)", "sender", { code: 530, message: "5.7.0 Authentication required" }],
    [
      "a relay refusal at RCPT TO (554)",
      "rcpt",
      { code: 554, message: "5.7.1 <ada@example.com>: Relay access denied" },
    ],
    ["too many connections (421 at RCPT TO)", "rcpt", { code: 421, message: "4.7.0 Too many connections" }],
    ["the message refused at DATA (554)", "data", { code: 554, message: "5.7.1 Message refused by policy" }],
  ] as const)("answers a retryable failure on our side for %s", async (_label, where, reply) => {
    sink = await startSmtpSink();
    if (where === "sender") sink.refuseSender(reply);
    else if (where === "rcpt") sink.refuse(reply);
    else sink.refuseData(reply);
    const result = await smtpTransport(sink.url).send(mail);
    expect(result).toEqual({
      ok: false,
      permanent: false,
      ourSide: true,
      error: expect.stringContaining(`${reply.code} ${reply.message}`),
    });
    expect(sink.received).toHaveLength(0);
  });

  it("answers a retryable failure on our side when nothing listens on the port", async () => {
    const closed = await startSmtpSink();
    await closed.close(); // its port is free again: the connection is refused
    const result = await smtpTransport(closed.url, { timeoutMs: 2000 }).send(mail);
    expect(result).toEqual({
      ok: false,
      permanent: false,
      ourSide: true,
      error: expect.stringMatching(/^Could not talk to the SMTP server: check SMTP_URL's host and port.*ECONNREFUSED/),
    });
  });

  it("answers a retryable failure on our side when TLS fails (smtps:// to a server without TLS)", async () => {
    sink = await startSmtpSink();
    const result = await smtpTransport(sink.url.replace("smtp://", "smtps://"), { timeoutMs: 2000 }).send(mail);
    expect(result).toEqual({
      ok: false,
      permanent: false,
      ourSide: true,
      error: expect.stringMatching(
        /^TLS with the SMTP server failed: check SMTP_URL's scheme and port .*wrong version number/,
      ),
    });
  });

  // The errors nodemailer makes without a server to provoke them, as it makes them.
  it.each([
    ["missing credentials", { code: "EAUTH", command: "API", message: 'Missing credentials for "PLAIN"' }, /our login/],
    ["a greeting timeout", { code: "ETIMEDOUT", command: "CONN", message: "Greeting never received" }, /talk to/],
    ["an unknown host", { code: "EDNS", command: "CONN", message: "getaddrinfo ENOTFOUND smtp.nowhere" }, /talk to/],
    [
      "a greeting refusing us (554)",
      {
        code: "EPROTOCOL",
        command: "CONN",
        message: "Invalid greeting",
        response: "554 No SMTP service for you",
        responseCode: 554,
        permanent: true,
      },
      /talk to/,
    ],
    [
      "STARTTLS refused",
      {
        code: "ETLS",
        command: "STARTTLS",
        message: "Error upgrading connection with STARTTLS",
        responseCode: 454,
        permanent: false,
      },
      /TLS/,
    ],
    [
      "a message too big for the server",
      { code: "EMESSAGE", command: "MAIL FROM", message: "Message size larger than allowed 1000" },
      /the message itself/,
    ],
  ])("classifies %s as our side, not permanent", (_label, fields, what) => {
    const error = Object.assign(new Error(fields.message), fields);
    expect(smtpFailure(error)).toEqual({ ourSide: true, permanent: false, error: expect.stringMatching(what) });
  });

  it("keeps a 4xx to RCPT TO (greylisting) the recipient's: retried, not our side", () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected: 451 Try later"), {
      code: "EENVELOPE",
      command: "RCPT TO",
      response: "451 Try later",
      responseCode: 451,
      permanent: false,
    });
    expect(smtpFailure(error)).toEqual({ permanent: false, error: error.message });
  });
});
