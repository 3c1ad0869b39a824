// Our messages in nodemailer's form, for both transports: the same MIME message whether it is written
// to the outbox or sent over SMTP.
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
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: nodemailerAttachments(mail.attachments),
    ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
  };
}
