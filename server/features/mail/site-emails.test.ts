// Every e-mail the site sends (verification, reset, "someone tried to sign up", receipt, ticket,
// streaming link), written by the outbox transport as the .eml a mail app receives, and read back as
// MIME: multipart/alternative with a UTF-8 text/plain and text/html part, the headers, every cid: image
// attached inline in the same multipart/related, no remote image, every value escaped.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailHtmlProblems, referencedCids } from "../../../tests/support/email-checks.ts";
import { emailSamples, SAMPLE_STREAM_URL, type Sample } from "../../../tests/support/email-samples.ts";
import { mimeTree, parseMail, type MimePart } from "../../../tests/support/mail-parser.ts";
import { createOutboxTransport } from "../../integrations/mail/outbox-transport.ts";

const FROM = "TechAfrica <no-reply@academy.example>";
const HOSTILE_NAME = `<script>alert("name")</script><img src=https://evil.example/x.png onerror=alert(1)>`;

let dir: string;
let samples: Array<Sample & { eml: Buffer }>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "site-emails-"));
  const transport = createOutboxTransport(dir);
  const made = await emailSamples({ name: HOSTILE_NAME, eventName: "Ẹ káàbọ̀ <b>Demo</b> Night" });
  samples = [];
  for (const [i, sample] of made.entries()) {
    const { mail } = sample;
    const sent = await transport.send({
      id: `65f0c0ffee0000000000000${i}`,
      from: FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    });
    if (!sent.ok) throw new Error(sent.error);
    samples.push({ ...sample, eml: readFileSync(sent.value.detail) });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leaves = (part: MimePart): MimePart[] => (part.parts.length ? part.parts.flatMap(leaves) : [part]);
const contentId = (part: MimePart) => part.headers["content-id"]?.replace(/^<|>$/g, "");

describe("every e-mail the site sends", () => {
  it("covers each kind of message", () => {
    expect(samples.map((s) => s.kind)).toEqual([
      "verification",
      "reset",
      "existing",
      "receipt",
      "ticket",
      "stream-link",
    ]);
  });

  it("is MIME 1.0 with its From, To, Subject, Date and Message-ID", () => {
    for (const { kind, mail, eml } of samples) {
      const parsed = parseMail(eml);
      expect(parsed.headers["mime-version"], kind).toBe("1.0");
      expect(parsed.from, kind).toBe(FROM);
      expect(parsed.to, kind).toBe(mail.to);
      expect(parsed.subject, kind).toBe(mail.subject);
      expect(parsed.date?.getTime(), kind).not.toBeNaN();
      expect(parsed.messageId, kind).toMatch(/^<[^<>\s]+@[^<>\s]+>$/);
    }
    // a subject outside ASCII travels as encoded words and reads back whole
    const ticket = samples.find((s) => s.kind === "ticket")!;
    expect(parseMail(ticket.eml).subject).toBe("Your ticket for Ẹ káàbọ̀ <b>Demo</b> Night");
    expect(ticket.eml.toString("latin1")).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it("is multipart/alternative: a UTF-8 text/plain part first, then the UTF-8 HTML (with its inline images)", () => {
    for (const { kind, mail, eml } of samples) {
      const tree = mimeTree(eml);
      expect(tree.contentType, kind).toBe("multipart/alternative");
      expect(tree.parts, kind).toHaveLength(2);
      const [text, rich] = tree.parts as [MimePart, MimePart];
      expect(text.contentType, kind).toBe("text/plain");
      expect(text.params.charset?.toLowerCase(), kind).toBe("utf-8");
      const htmlPart = rich.contentType === "multipart/related" ? rich.parts[0]! : rich;
      expect(htmlPart.contentType, kind).toBe("text/html");
      expect(htmlPart.params.charset?.toLowerCase(), kind).toBe("utf-8");
      // the bodies arrive exactly as composed
      expect(new TextDecoder().decode(text.content).replace(/\r\n/g, "\n"), kind).toBe(mail.text);
      expect(new TextDecoder().decode(htmlPart.content).replace(/\r\n/g, "\n"), kind).toBe(mail.html);
      if (mail.attachments?.length) expect(rich.contentType, kind).toBe("multipart/related");
      else expect(rich.contentType, kind).toBe("text/html");
    }
  });

  it("attaches every image its HTML shows inline, in the same multipart/related, and shows no remote image", () => {
    for (const { kind, mail, eml } of samples) {
      const html = mail.html!;
      expect(emailHtmlProblems(html), kind).toEqual([]);
      const related = mimeTree(eml).parts.find((p) => p.contentType === "multipart/related");
      const inline = related ? leaves(related).filter((p) => contentId(p)) : [];
      for (const cid of referencedCids(html)) {
        const part = inline.find((p) => contentId(p) === cid);
        expect(part, `${kind}: cid:${cid}`).toBeDefined();
        expect(part!.headers["content-disposition"], kind).toMatch(/^inline/);
        expect(part!.contentType, kind).toBe("image/png");
      }
    }
    const ticket = samples.find((s) => s.kind === "ticket")!;
    expect(referencedCids(ticket.mail.html!)).toEqual(["ticket-qr@academy"]);
    const qr = leaves(mimeTree(ticket.eml)).find((p) => contentId(p) === "ticket-qr@academy")!;
    expect(qr.content.equals(ticket.mail.attachments![0]!.content)).toBe(true);
    expect(qr.content.subarray(1, 4).toString()).toBe("PNG");
  });

  it("escapes the event's name, and greets no one by a 'name' that holds markup", () => {
    for (const { kind, mail } of samples) {
      const html = mail.html!;
      expect(html, kind).toContain(">Hello,</p>");
      expect(mail.text, kind).toContain("\nHello,\n");
      expect(html, kind).not.toMatch(/<script|<b>Demo|evil\.example/);
      expect(mail.text, kind).not.toContain("evil.example");
      if (kind === "ticket" || kind === "stream-link")
        expect(html, kind).toContain("Ẹ káàbọ̀ &lt;b&gt;Demo&lt;/b&gt; Night");
    }
  });

  it("has the message's link first in the text, where mail apps and people look for it", () => {
    const firstLink = (kind: string) => /https?:\/\/\S+/.exec(samples.find((s) => s.kind === kind)!.mail.text)![0];
    expect(firstLink("verification")).toMatch(/^https:\/\/academy\.example\/backend\/api\/auth\/verify-email\?token=/);
    expect(firstLink("reset")).toMatch(/^https:\/\/academy\.example\/reset-password\?token=/);
    expect(firstLink("existing")).toBe("https://academy.example/login");
    expect(firstLink("receipt")).toBe("https://academy.example/account");
    expect(firstLink("ticket")).toBe(SAMPLE_STREAM_URL);
    expect(firstLink("stream-link")).toBe(SAMPLE_STREAM_URL);
  });

  it("ends with the academy's name, address and why it was sent", () => {
    for (const { kind, mail } of samples) {
      expect(mail.text, kind).toMatch(
        /\n-- \nTechAfrica · https:\/\/academy\.example\n12 Marina Road, Lagos Island, Lagos, Nigeria\nYou got this e-mail because [^\n]+\n$/,
      );
      expect(mail.html, kind).toContain("12 Marina Road, Lagos Island, Lagos, Nigeria");
    }
  });
});
