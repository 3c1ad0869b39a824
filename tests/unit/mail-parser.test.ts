import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { parseMail } from "../support/mail-parser.ts";

const compose = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

describe("parseMail", () => {
  it("reads base64 bodies and encoded words as nodemailer writes them", async () => {
    const text = "Ẹ káàbọ̀!\nYour receipt: ₦15,000.";
    const html = "<p>Ẹ káàbọ̀!</p>";
    const info = await compose.sendMail({
      from: '"Tech, Africa" <no-reply@localhost>',
      to: "Adé <ade@example.com>",
      subject: "Ọjọ́ ìbí — ₦",
      text,
      html,
      textEncoding: "base64",
    });
    const raw = info.message as Buffer;
    expect(raw.toString()).toContain("Content-Transfer-Encoding: base64");
    expect(parseMail(raw)).toMatchObject({
      from: '"Tech, Africa" <no-reply@localhost>',
      to: "Adé <ade@example.com>",
      subject: "Ọjọ́ ìbí — ₦",
      text,
      html,
    });
  });

  it("reads other mailers' messages: LF line ends, B and Q words in other charsets, attachments skipped", () => {
    const raw = [
      "From: =?ISO-8859-1?Q?Andr=E9?= <andre@example.com>",
      "To: ada@example.com",
      "Subject: =?UTF-8?B?Q2Fmw6k=?= =?UTF-8?B?IGJpbGw=?= paid",
      "Date: Tue, 05 Mar 2024 10:00:00 +0100",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "This is the preamble.",
      "--outer",
      "Content-Type: multipart/alternative; boundary=inner",
      "",
      "--inner",
      "Content-Type: text/plain; charset=iso-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Caf=E9 bill: a very long line that the sender wrapped with a soft=",
      " break.",
      "--inner",
      'Content-Type: text/html; charset="utf-8"',
      "",
      "<p>Café</p>",
      "--inner--",
      "--outer",
      "Content-Type: text/plain",
      'Content-Disposition: attachment; filename="notes.txt"',
      "",
      "not the body",
      "--outer--",
      "",
    ].join("\n");
    expect(parseMail(raw)).toMatchObject({
      from: "André <andre@example.com>",
      to: "ada@example.com",
      subject: "Café bill paid",
      text: "Café bill: a very long line that the sender wrapped with a soft break.",
      html: "<p>Café</p>",
      date: new Date("2024-03-05T09:00:00Z"),
    });
  });

  it("answers empty bodies and a null date for a bare message", () => {
    expect(parseMail("Subject: Hi\r\n\r\n")).toMatchObject({ subject: "Hi", text: "", html: null, date: null, to: "" });
  });
});
