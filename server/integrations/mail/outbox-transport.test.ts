import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readOutbox } from "../../../tests/support/mail-parser.ts";
import { parseEnv } from "../../env.ts";
import { createMailTransport, outboxDir, type OutgoingMail } from "./mail-transport.ts";
import { createOutboxTransport } from "./outbox-transport.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "academy-outbox-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  id: "65f0c0ffee00000000000001",
  from: "TechAfrica <no-reply@localhost>",
  to: "ada@example.com",
  subject: "Verify your e-mail address",
  text: "Welcome!\n\nVerify: http://localhost:3000/verify?token=abc",
  html: '<p>Welcome!</p><p><a href="http://localhost:3000/verify?token=abc">Verify</a></p>',
  ...overrides,
});

describe("outbox transport", () => {
  it("writes one complete .eml per message, named <time>-<id>.eml, with the right headers and bodies", async () => {
    const outbox = path.join(dir, "outbox");
    const result = await createOutboxTransport(outbox).send(mail());

    expect(result.ok).toBe(true);
    const names = readdirSync(outbox);
    expect(names).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-65f0c0ffee00000000000001\.eml$/),
    ]);
    if (result.ok) expect(result.value.detail).toBe(path.join(outbox, names[0]!));

    const [parsed] = readOutbox(outbox);
    expect(parsed).toMatchObject({
      to: "ada@example.com",
      from: "TechAfrica <no-reply@localhost>",
      subject: "Verify your e-mail address",
      text: "Welcome!\n\nVerify: http://localhost:3000/verify?token=abc",
      html: '<p>Welcome!</p><p><a href="http://localhost:3000/verify?token=abc">Verify</a></p>',
    });
    expect(parsed!.date!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    if (result.ok) expect(parsed!.messageId).toBe(result.value.messageId);
    // A real RFC 5322 message: CRLF line ends, a MIME multipart/alternative body.
    const raw = readFileSync(parsed!.file!, "latin1");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    expect(raw.split("\n").every((line, i, all) => i === all.length - 1 || line.endsWith("\r"))).toBe(true);
  });

  it("keeps non-ASCII subjects and bodies, long lines and text-only messages intact", async () => {
    const outbox = path.join(dir, "outbox");
    const transport = createOutboxTransport(outbox);
    const longLine = "Kọ́ọ̀sì tuntun: ".repeat(30).trim();
    await transport.send(
      mail({ id: "65f0c0ffee00000000000002", subject: "Ẹ káàbọ̀ — ₦15,000 off «today»", text: longLine, html: null }),
    );
    await transport.send(mail({ id: "65f0c0ffee00000000000003", subject: "Plain", text: "a=b\n\nline two" }));

    const [first, second] = readOutbox(outbox);
    expect(first).toMatchObject({ subject: "Ẹ káàbọ̀ — ₦15,000 off «today»", text: longLine, html: null });
    expect(second).toMatchObject({ subject: "Plain", text: "a=b\n\nline two" });
  });

  it("writes a subject holding encoded-word syntax as encoded words of its own: shown as typed, no Bcc (issue 29)", async () => {
    const outbox = path.join(dir, "outbox");
    // ASCII only: nodemailer leaves such a subject as it is (a non-ASCII one it encodes whole)
    const literal = "Your ticket for =?utf-8?q?=0D=0ABcc:victim@example.com?= and a long tail to fold over lines";
    await createOutboxTransport(outbox).send(mail({ subject: literal }));
    const [parsed] = readOutbox(outbox);
    expect(parsed!.subject).toBe(literal);
    expect(parsed!.headers.bcc).toBeUndefined();
    const raw = readFileSync(parsed!.file!, "latin1");
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    // the typed encoded word is nowhere in the header as it is: a mail app decodes only our words
    expect(head).not.toContain("=?utf-8?q?");
    expect(head).not.toMatch(/^Bcc:/im);
    const subjectLines = /^Subject: [^\r\n]*(\r\n [^\r\n]*)*/m.exec(head)![0].split("\r\n");
    expect(subjectLines.length).toBeGreaterThan(1);
    expect(subjectLines.every((line) => line.length <= 78)).toBe(true);
    expect(head.match(/^Subject:/gim)).toHaveLength(1);
  });

  it("lists the outbox oldest first, ignores files being written and answers [] for a missing folder", async () => {
    const outbox = path.join(dir, "outbox");
    expect(readOutbox(outbox)).toEqual([]);
    const transport = createOutboxTransport(outbox);
    for (const n of [1, 2, 3]) {
      await transport.send(mail({ id: `65f0c0ffee0000000000000${n}`, subject: `Message ${n}` }));
    }
    writeFileSync(path.join(outbox, ".half-written.eml.tmp"), "To: nobody");
    expect(readOutbox(outbox).map((m) => m.subject)).toEqual(["Message 1", "Message 2", "Message 3"]);
    expect(readdirSync(outbox).filter((name) => name.endsWith(".tmp"))).toEqual([".half-written.eml.tmp"]);
  });

  it("answers a failed, retryable result when the file cannot be written", async () => {
    const blocked = path.join(dir, "not-a-folder");
    writeFileSync(blocked, "a file where the outbox folder should be");
    const result = await createOutboxTransport(blocked).send(mail());
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^Could not write the outbox file: /) });
  });
});

describe("createMailTransport", () => {
  it("writes to DATA_DIR/outbox unless SMTP_URL is set", () => {
    expect(createMailTransport(parseEnv({ DATA_DIR: dir })).kind).toBe("outbox");
    expect(outboxDir(dir)).toBe(path.join(dir, "outbox"));
    expect(createMailTransport(parseEnv({ DATA_DIR: dir, SMTP_URL: "smtp://127.0.0.1:2525" })).kind).toBe("smtp");
  });
});
