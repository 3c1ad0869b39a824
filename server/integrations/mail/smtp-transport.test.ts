import { afterEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

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

  it("answers a permanent failure for a 5xx refusal", async () => {
    sink = await startSmtpSink();
    sink.refuse({ code: 550, message: "No such user here" });
    const result = await smtpTransport(sink.url).send(mail);
    expect(result).toEqual({ ok: false, permanent: true, error: expect.stringContaining("550 No such user here") });
  });

  it("answers a permanent failure when the login is refused", async () => {
    sink = await startSmtpSink({ user: "mailer", pass: "right" });
    const result = await smtpTransport(sink.url.replace(":right@", ":wrong@")).send(mail);
    expect(result).toEqual({ ok: false, permanent: true, error: expect.stringContaining("535") });
  });

  it("answers a retryable failure when nothing listens on the port", async () => {
    const closed = await startSmtpSink();
    await closed.close(); // its port is free again: the connection is refused
    const result = await smtpTransport(closed.url, { timeoutMs: 2000 }).send(mail);
    expect(result).toEqual({ ok: false, permanent: false, error: expect.stringContaining("ECONNREFUSED") });
  });
});
