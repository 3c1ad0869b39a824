// Our attachments in nodemailer's form, for both transports.
import type { OutgoingAttachment } from "./mail-transport.ts";

/** An inline one (with a cid) gets its Content-ID and Content-Disposition: inline. */
export function nodemailerAttachments(list: OutgoingAttachment[] | undefined) {
  return (list ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
    ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
  }));
}
