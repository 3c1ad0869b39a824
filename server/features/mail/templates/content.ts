// What an e-mail says, independent of how it is drawn: compose.ts turns it into the HTML part (through
// document.tsx) and the plain-text part, so both always say the same.
import type { MailAttachment } from "../mail.service.ts";

/** One piece of a message's body, in order. */
export type EmailBlock =
  /** a paragraph of text */
  | { kind: "paragraph"; text: string }
  /** smaller, muted text: what to do if something is wrong, what comes next */
  | { kind: "note"; text: string }
  /** label/value rows: a receipt, a ticket; `emphasis` marks the row that matters most (amount paid) */
  | { kind: "details"; rows: EmailDetail[] }
  /**
   * The call to action, an http(s) link drawn as a button. `spellOut` also prints the address under
   * it, for links a reader may need to paste (verification and reset links). Text part: "label: url".
   */
  | { kind: "button"; label: string; url: string; spellOut?: boolean }
  /** an address shown in full after a label ("Join the live stream: https://…") */
  | { kind: "link"; label: string; url: string }
  /** an inline picture: one of the message's attachments, by its Content-ID (never a remote image) */
  | { kind: "image"; cid: string; alt: string; width: number; height: number }
  /**
   * A picture at an http(s) address (a newsletter's image, chosen by an admin; decision 037), linked to
   * `href` when given. Other messages use attachments (image), never remote pictures.
   */
  | { kind: "picture"; url: string; alt: string; href?: string }
  /**
   * A video, never a player (mail apps do not play them): its poster picture linked to the video with a
   * "Watch the video" line, or, without a poster, a button. Text part: "Watch the video: url".
   */
  | { kind: "video"; url: string; poster: string | null };

export interface EmailDetail {
  label: string;
  value: string;
  emphasis?: boolean;
}

export interface EmailContent {
  to: string;
  /** one line */
  subject: string;
  /** the Outbox's kind: auth, receipt, ticket, newsletter … (default transactional) */
  kind?: string;
  /** the line mail apps show after the subject in the inbox list */
  preview: string;
  /** the title at the top of the message */
  heading: string;
  /** the recipient's name when known ("Hello Ngozi,"); otherwise, or when it is no plain name, "Hello," */
  name?: string | null;
  /**
   * false: no "Hello …," line (a contact reply whose admin greets the reader in their own words: issue 29);
   * default true
   */
  greeting?: boolean;
  blocks: EmailBlock[];
  /** why the recipient gets this, for the footer: "You got this e-mail because …" */
  reason: string;
  /** files sent with it; an image block names one of these by its cid */
  attachments?: MailAttachment[];
  /** the colour around the message's card (#rrggbb; a newsletter's background colour), else the site's */
  background?: string | null;
  /** a personal unsubscribe address, shown in the footer (newsletters) */
  unsubscribeUrl?: string | null;
  /** extra headers of the message (a contact reply's Reply-To) */
  headers?: Record<string, string>;
}

/** The words of a video block's link, in both parts. */
export const WATCH_VIDEO = "Watch the video";

/** "Hello Ngozi," or "Hello,": the line before the blocks, in both parts (none with greeting: false). */
export const greetingOf = (content: Pick<EmailContent, "name">) => (content.name ? `Hello ${content.name},` : "Hello,");
