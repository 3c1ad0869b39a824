// The offline default (architecture "Mail"): each message becomes DATA_DIR/outbox/<time>-<id>.eml, a
// complete RFC 5322 message that any mail client opens, and that the admin Outbox page and the browser
// tests read back. The name is the message's own (the time it was queued, and its id), so an attempt
// made again after a crash writes the same file over, never a second copy (decision 031): so it takes
// no part in the hand-over of decision 067 (SendOptions.handOver), which only SMTP needs.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { nodemailerMessage } from "./attachments.ts";
import type { MailTransport } from "./mail-transport.ts";

export function createOutboxTransport(dir: string): MailTransport {
  // nodemailer builds the same MIME message it would send over SMTP; we only keep the bytes.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "outbox",
    async send(mail) {
      try {
        const info = await composer.sendMail(nodemailerMessage(mail));
        await mkdir(dir, { recursive: true });
        // Sortable by name (oldest first); ":" is left out so the names are valid on every file system.
        const name = `${(mail.queuedAt ?? new Date()).toISOString().replaceAll(":", "-")}-${mail.id}.eml`;
        const file = path.join(dir, name);
        // Written aside, then renamed: a reader polling the folder never sees half a message.
        const temp = path.join(dir, `.${name}.tmp`);
        await writeFile(temp, info.message as Buffer);
        await rename(temp, file);
        return { ok: true, value: { messageId: info.messageId, detail: file } };
      } catch (error) {
        // A full or read-only disk may clear up: not permanent.
        return { ok: false, error: `Could not write the outbox file: ${(error as Error).message}` };
      }
    },
  };
}
