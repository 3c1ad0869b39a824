// Our messages in nodemailer's form, for both transports: the same MIME message whether it is written
// to the outbox or sent over SMTP.
import { hasEncodedWord } from "../../../contract/lib/common.ts";
import type { OutgoingAttachment, OutgoingMail } from "./mail-transport.ts";

/** An inline one (with a cid) gets its Content-ID and Content-Disposition: inline. */
export function nodemailerAttachments(list: OutgoingAttachment[] | undefined) {
  return (list ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
    ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
  }));
}

/**
 * UTF-8 bytes per encoded word: 39 bytes are 52 base64 characters, 64 with `=?UTF-8?B?` and `?=`, 73 after
 * "Subject: " (lines of at most 78).
 */
const WORD_BYTES = 39;

/**
 * A subject as RFC 2047 encoded words, every character of it: a subject that itself holds encoded-word
 * syntax (`=?utf-8?q?=0D=0ABcc:…?=`, issue 29) is then shown as typed, since mail apps decode a header
 * once. Nodemailer leaves an ASCII subject as it is, which they would decode. One word a line.
 */
export function encodedSubject(subject: string): string {
  const words: string[] = [];
  let chunk = "";
  for (const char of subject) {
    if (chunk && Buffer.byteLength(chunk + char, "utf8") > WORD_BYTES) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, "utf8").toString("base64")}?=`).join("\r\n ");
}

/**
 * The message, with a Message-ID made from our mail_messages id (at the sender's domain): an attempt
 * sent again after a crash (delivery is at least once, decision 009) carries the same Message-ID, by
 * which mail clients and servers recognise the copy.
 */
export function nodemailerMessage(mail: OutgoingMail) {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(mail.from)?.[1] ?? "localhost";
  return {
    messageId: `<${mail.id}@${domain}>`,
    from: mail.from,
    to: mail.to,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: nodemailerAttachments(mail.attachments),
    ...subjectAndHeaders(mail),
  };
}

/**
 * The subject and the other headers: a subject holding encoded-word syntax goes as our own encoded words
 * (a prepared header, which nodemailer writes as it is); any other as nodemailer encodes it.
 */
function subjectAndHeaders(mail: OutgoingMail) {
  const headers: Record<string, string | { prepared: true; value: string }> = { ...mail.headers };
  if (!hasEncodedWord(mail.subject)) {
    return { subject: mail.subject, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }
  headers.Subject = { prepared: true, value: encodedSubject(mail.subject) };
  return { headers };
}
