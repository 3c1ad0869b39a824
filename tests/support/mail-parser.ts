// Reads the e-mails the app wrote to its outbox (.eml files) or that the fake SMTP server received:
// headers with RFC 2047 encoded words, multipart bodies, quoted-printable and base64. Enough for the
// messages nodemailer builds, not a general MIME library. Used by the API and the browser tests,
// e.g. to follow the verification link of the newest e-mail:
//   const mail = readOutbox(dir).findLast((m) => m.to === "ada@example.com");
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ParsedMail {
  /** the headers as written, encoded words decoded: "ada@example.com", "TechAfrica <no-reply@localhost>" */
  to: string;
  from: string;
  subject: string;
  /** the text/plain body ("" when there is none), line breaks as \n */
  text: string;
  /** the text/html body, or null */
  html: string | null;
  date: Date | null;
  messageId: string;
  /** the parts that are neither the text nor the HTML body: attachments and inline images */
  attachments: ParsedAttachment[];
  /** every header by lower-case name (the first when repeated), decoded */
  headers: Record<string, string>;
  /** the .eml file, for messages read with readOutbox */
  file?: string;
}

// An outbox file never changes once it has its name (the transport writes it aside, then renames it), so
// each one is parsed once per process: the browser tests poll the outbox many times a second while it
// grows to hundreds of messages, and parsing them all on every poll took a core of the machine.
const parsed = new Map<string, ParsedMail>();

/** The outbox's messages, oldest first (newest last); none when the folder does not exist yet. */
export function readOutbox(dir: string): ParsedMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort() // the names start with the time they were written
    .map((name) => {
      const file = path.join(dir, name);
      let mail = parsed.get(file);
      if (!mail) {
        mail = { ...parseMail(readFileSync(file)), file };
        parsed.set(file, mail);
      }
      return mail;
    });
}

export function parseMail(raw: string | Buffer): ParsedMail {
  // Work on bytes as latin1 characters (one per byte); bodies are decoded by their charset at the end.
  const top = splitEntity(
    typeof raw === "string" ? Buffer.from(raw, "utf8").toString("latin1") : raw.toString("latin1"),
  );
  const headers = Object.fromEntries([...top.headers].map(([name, value]) => [name, decodeHeader(value)]));
  const bodies: Found = { attachments: [] };
  // The line break that ends a message belongs to the message, not to a single-part body.
  collectBodies({ ...top, body: top.body.replace(/\r?\n$/, "") }, bodies);
  return {
    to: headers.to ?? "",
    from: headers.from ?? "",
    subject: headers.subject ?? "",
    text: bodies.text ?? "",
    html: bodies.html ?? null,
    attachments: bodies.attachments,
    date: headers.date ? new Date(headers.date) : null,
    messageId: headers["message-id"] ?? "",
    headers,
  };
}

/** One MIME entity of a message: its type, parameters, headers and, for a multipart, its parts. */
export interface MimePart {
  /** "multipart/alternative", "text/plain" … in lower case */
  contentType: string;
  /** the Content-Type's parameters: charset, boundary, name … */
  params: Record<string, string>;
  /** every header by lower-case name, as written (encoded words not decoded) */
  headers: Record<string, string>;
  /** the parts of a multipart entity, else empty */
  parts: MimePart[];
  /** the body of a single part, its transfer encoding undone */
  content: Buffer;
}

/** The structure of a message, for tests that check how it is built (multipart/alternative …). */
export function mimeTree(raw: string | Buffer): MimePart {
  const top = splitEntity(
    typeof raw === "string" ? Buffer.from(raw, "utf8").toString("latin1") : raw.toString("latin1"),
  );
  return toPart({ ...top, body: top.body.replace(/\r?\n$/, "") });
}

function toPart(entity: Entity): MimePart {
  const { type, params } = parseContentType(entity.headers.get("content-type"));
  const multipart = type.startsWith("multipart/") && !!params.boundary;
  return {
    contentType: type,
    params,
    headers: Object.fromEntries(entity.headers),
    parts: multipart ? splitMultipart(entity.body, params.boundary!).map((part) => toPart(splitEntity(part))) : [],
    content: multipart ? Buffer.alloc(0) : decodeBytes(entity),
  };
}

export interface ParsedAttachment {
  contentType: string;
  filename: string | null;
  /** the Content-ID without its angle brackets, or null */
  cid: string | null;
  /** inline or attachment, as the Content-Disposition says (null when it says nothing) */
  disposition: string | null;
  content: Buffer;
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const gap = /\r?\n\r?\n/.exec(raw);
  const head = gap ? raw.slice(0, gap.index) : raw;
  const body = gap ? raw.slice(gap.index + gap[0].length) : "";
  const headers = new Map<string, string>();
  // Unfold: a line that starts with a space or tab continues the header above it.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

interface Found {
  text?: string;
  html?: string;
  attachments: ParsedAttachment[];
}

function collectBodies(entity: Entity, found: Found): void {
  const { type, params } = parseContentType(entity.headers.get("content-type"));
  if (type.startsWith("multipart/") && params.boundary) {
    for (const part of splitMultipart(entity.body, params.boundary)) collectBodies(splitEntity(part), found);
    return;
  }
  const disposition = entity.headers.get("content-disposition") ?? null;
  const isAttachment = /^\s*attachment/i.test(disposition ?? "");
  if (!isAttachment && type === "text/plain" && found.text === undefined)
    found.text = decodeBody(entity, params.charset);
  else if (!isAttachment && type === "text/html" && found.html === undefined)
    found.html = decodeBody(entity, params.charset);
  else {
    const filename = /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? params.name ?? null;
    const cid = entity.headers.get("content-id")?.trim().replace(/^<|>$/g, "") ?? null;
    found.attachments.push({
      contentType: type,
      filename,
      cid,
      disposition: disposition ? disposition.split(";")[0]!.trim().toLowerCase() : null,
      content: decodeBytes(entity),
    });
  }
}

function parseContentType(value = "text/plain"): { type: string; params: Record<string, string> } {
  const type = value.split(";")[0]!.trim().toLowerCase();
  const params: Record<string, string> = {};
  for (const [, key, raw] of value.matchAll(/;\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/g)) {
    params[key!.toLowerCase()] = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, "$1") : raw!;
  }
  return { type, params };
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null; // null: in the preamble, before the first delimiter
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `${delimiter}--`) break;
    if (trimmed === delimiter) {
      if (current) parts.push(current.join("\n"));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join("\n"));
  return parts;
}

function decodeBytes(entity: Entity): Buffer {
  const encoding = (entity.headers.get("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  return encoding === "base64"
    ? Buffer.from(entity.body.replace(/\s+/g, ""), "base64")
    : encoding === "quoted-printable"
      ? quotedPrintable(entity.body.replace(/=\r?\n/g, "")) // "=" at a line end is a soft break
      : Buffer.from(entity.body, "latin1");
}

function decodeBody(entity: Entity, charset = "utf-8"): string {
  return decode(decodeBytes(entity), charset).replace(/\r\n/g, "\n");
}

function quotedPrintable(text: string): Buffer {
  return Buffer.from(
    text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function decodeHeader(value: string): string {
  // Raw UTF-8 is allowed in headers too (SMTPUTF8); encoded words are ASCII and come through unchanged.
  const text = Buffer.from(value, "latin1").toString("utf8");
  // Adjacent encoded words join without the space between them (RFC 2047 §6.2); their bytes are joined
  // before decoding, as a character may be split across two words.
  return text.replace(/=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:\s+=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*/g, (run) => {
    let charset = "utf-8";
    const chunks: Buffer[] = [];
    for (const [, label, encoding, data] of run.matchAll(ENCODED_WORD)) {
      charset = label!.split("*")[0]!; // drop an RFC 2231 language tag
      chunks.push(
        encoding!.toUpperCase() === "B" ? Buffer.from(data!, "base64") : quotedPrintable(data!.replace(/_/g, " ")),
      );
    }
    return decode(Buffer.concat(chunks), charset);
  });
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes); // an unknown label: UTF-8 is the likeliest
  }
}
