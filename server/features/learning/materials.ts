// What a lesson's material really is (issue 31 "Materials", "Bad input"; decision 074): its type from its
// first bytes, never from its name alone (as uploads/sniff.ts does for pictures), its size, and for a ZIP
// or a document that is one (pptx, docx, xlsx, odp, key) what its central directory says, read here
// without unpacking anything to disk: too big once unpacked, too many entries, paths that climb out of
// the folder, encryption, a damaged or lying directory, and archives in archives in archives are refused
// with a message a person can act on.
import { constants, crc32, inflateRawSync } from "node:zlib";
import { formatBytes, MATERIAL_MAX_BYTES, MATERIAL_TYPES } from "../../../contract/learning/learning.ts";
import { DomainError, Invalid } from "../../lib/errors.ts";

/** Everything an archive holds, unpacked, in all (its nested archives' contents counted too). */
export const ZIP_MAX_UNPACKED = 1024 * 1024 * 1024;
/** Unpacked ÷ packed, over the whole file: beyond this it is a "ZIP bomb"... */
export const ZIP_MAX_RATIO = 100;
/** ...once it unpacks to more than this (a 5 KB ZIP of a 600 KB log compresses 120× and harms nobody). */
export const ZIP_RATIO_FLOOR = 10 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 10_000;
/** Entries up to this size are inflated in memory (and thrown away) to check their declared size and CRC. */
const VERIFY_ENTRY_MAX = 16 * 1024 * 1024;
/** ...up to this much in all per file. */
const VERIFY_BUDGET = 128 * 1024 * 1024;
/**
 * An archive inside the archive is unpacked in memory, one at a time, to read its own directory: up to
 * this big (all of them together are within ZIP_MAX_UNPACKED already).
 */
const NESTED_MAX = 128 * 1024 * 1024;

const TYPE_NAMES: Record<string, string> = {
  pdf: "a PDF",
  ppt: "a PowerPoint presentation",
  pptx: "a PowerPoint presentation",
  key: "a Keynote presentation",
  odp: "an OpenDocument presentation",
  doc: "a Word document",
  docx: "a Word document",
  xlsx: "an Excel workbook",
  zip: "a ZIP archive",
  txt: "a text file",
};

const ALLOWED = Object.keys(MATERIAL_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(", ");

export const MATERIAL_MESSAGES = {
  type: (name: string) => `${name}: materials can be ${ALLOWED} files. Save it as one of these and upload it again.`,
  empty: (name: string) => `${name} is empty. Choose the file again.`,
  tooBig: (name: string, size: number) =>
    `${name} is ${formatBytes(size)}: a material can be at most ${formatBytes(MATERIAL_MAX_BYTES)}. Split it, or compress its pictures, and upload it again.`,
  mismatch: (name: string, ext: string, found: string) =>
    `${name} is not ${TYPE_NAMES[ext]}: its content is ${found}. Upload the original file, or name it after what it is.`,
  text: (name: string) =>
    `${name} is not plain text in UTF-8. Save it as UTF-8 text (or as a PDF) and upload it again.`,
  office: (name: string, ext: string) =>
    `${name} is a ZIP archive but not ${TYPE_NAMES[ext]}. Save it again from the program that made it, and upload that.`,
  damaged: (name: string, why: string) =>
    `${name} is damaged or not a real ZIP archive (${why}). Make the archive again and upload that.`,
  lies: (name: string, why: string) =>
    `${name} claims sizes that are not true (${why}). Make the archive again with an ordinary ZIP program.`,
  encrypted: (name: string) =>
    `${name} is password-protected. Learners could not open it: upload it without a password.`,
  split: (name: string) => `${name} is one part of a ZIP split across several files. Upload it as one archive.`,
  entries: (name: string, n: number) =>
    `${name} holds ${n.toLocaleString("en-GB")} files or more: at most ${ZIP_MAX_ENTRIES.toLocaleString("en-GB")} are allowed. Group them into fewer archives.`,
  unpacked: (name: string, size: number) =>
    `${name} unpacks to ${formatBytes(size)} or more: at most ${formatBytes(ZIP_MAX_UNPACKED)} is allowed. Upload it in smaller parts.`,
  ratio: (name: string) =>
    `${name} unpacks to more than ${ZIP_MAX_RATIO} times its own size: it looks like a "ZIP bomb". Upload the files it holds in an ordinary archive.`,
  path: (name: string, entry: string) =>
    `${name} holds a file whose path leaves its folder (${entry}). Make the archive again from the folder itself.`,
  nested: (name: string, chain: string) =>
    `${name} holds an archive inside an archive inside it (${chain}). Unpack the inner archive and upload its files in one archive.`,
  method: (name: string, entry: string) =>
    `${name} packs ${entry} with a compression method ordinary ZIP programs cannot open. Make the archive again with ordinary ZIP (Deflate) compression.`,
  nestedTooBig: (name: string, entry: string) =>
    `${name} holds an archive (${entry}) too big to check inside. Upload that archive on its own, or its files unpacked.`,
};

const TooLarge = (message: string) => new DomainError("too_large", message);

type Found = "pdf" | "zip" | "ole" | "text";

/** What each allowed extension's bytes must be: the zip-based documents are ZIP archives. */
const EXPECTED: Record<string, Found> = {
  pdf: "pdf",
  ppt: "ole",
  doc: "ole",
  pptx: "zip",
  docx: "zip",
  xlsx: "zip",
  odp: "zip",
  key: "zip",
  zip: "zip",
  txt: "text",
};

const FOUND_NAMES: Record<Found, string> = {
  pdf: "a PDF",
  zip: "a ZIP archive (or a document made of one)",
  ole: "an older Office document",
  text: "plain text",
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, sig: ArrayLike<number>, at = 0) =>
  bytes.length >= at + sig.length && Array.prototype.every.call(sig, (b: number, i) => bytes[at + i] === b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, or a description of what they are instead (for the message). */
function sniff(bytes: Uint8Array): Found | { other: string } {
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  if (startsWith(bytes, ascii("PK\x03\x04")) || startsWith(bytes, ascii("PK\x05\x06"))) return "zip";
  if (startsWith(bytes, OLE)) return "ole";
  if (startsWith(bytes, ascii("MZ"))) return { other: "a Windows program" };
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return { other: "a Linux program" };
  if (startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(bytes, [0xfe, 0xed, 0xfa, 0xcf]))
    return { other: "a Mac program" };
  if (startsWith(bytes, ascii("Rar!"))) return { other: "a RAR archive" };
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { other: "a 7-Zip archive" };
  if (startsWith(bytes, [0x1f, 0x8b])) return { other: "a gzip archive" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { other: "a picture" };
  if (isUtf8Text(bytes)) return "text";
  return { other: "of a type that is not allowed" };
}

/** The extension a material's name ends with, lower-cased ("" when none). */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : "";
}

/**
 * Checks a material before it is stored: the type its name says is allowed and its bytes are of that
 * type, its size is within MATERIAL_MAX_BYTES, and an archive is no bomb. Answers the content type to
 * store it with; throws Invalid (422) or, for its size, too_large (413) with what to do.
 */
export function checkMaterial(bytes: Uint8Array, fileName: string): { contentType: string; ext: string } {
  const name = fileName.trim() || "The file";
  const ext = extensionOf(name);
  const contentType = Object.hasOwn(MATERIAL_TYPES, ext) ? MATERIAL_TYPES[ext] : undefined;
  if (!contentType) throw Invalid(MATERIAL_MESSAGES.type(name));
  if (bytes.length === 0) throw Invalid(MATERIAL_MESSAGES.empty(name));
  if (bytes.length > MATERIAL_MAX_BYTES) throw TooLarge(MATERIAL_MESSAGES.tooBig(name, bytes.length));
  const expected = EXPECTED[ext]!;
  const found = sniff(bytes);
  if (found !== expected) {
    if (expected === "text") throw Invalid(MATERIAL_MESSAGES.text(name));
    throw Invalid(MATERIAL_MESSAGES.mismatch(name, ext, typeof found === "string" ? FOUND_NAMES[found] : found.other));
  }
  if (found === "zip") {
    const entries = inspectZip(bytes, name);
    if (!looksLike(ext, entries)) throw Invalid(MATERIAL_MESSAGES.office(name, ext));
  }
  return { contentType, ext };
}

/** Whether a zip-based document's entries are those of the kind its name says. */
function looksLike(ext: string, entries: ZipEntry[]): boolean {
  const names = entries.map((e) => e.name);
  const has = (test: (n: string) => boolean) => names.some(test);
  switch (ext) {
    case "pptx":
      return has((n) => n === "[Content_Types].xml") && has((n) => n.startsWith("ppt/"));
    case "docx":
      return has((n) => n === "[Content_Types].xml") && has((n) => n.startsWith("word/"));
    case "xlsx":
      return has((n) => n === "[Content_Types].xml") && has((n) => n.startsWith("xl/"));
    case "odp": {
      const mimetype = entries.find((e) => e.name === "mimetype");
      return mimetype?.text === MATERIAL_TYPES.odp;
    }
    case "key":
      return has((n) => n.startsWith("Index/") || n === "Index.zip" || /^index\.apxl(\.gz)?$/.test(n));
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------------
// The ZIP format (APPNOTE.TXT 6.3): local headers and data, then the central directory, then its end
// record (with ZIP64 records before it when counts or offsets need 64 bits).

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  dataOffset: number;
  /** a small `mimetype` entry's text (OpenDocument) */
  text?: string;
}

/** What has been counted so far, over the archive and the archives inside it. */
interface Tally {
  entries: number;
  unpacked: number;
  verified: number;
  /** the uploaded file's size: the ratio is over the whole upload */
  packed: number;
}

const SIG = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 };
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;

/** Reads and checks an archive's directory, and those of the archives inside it (one level deep). */
function inspectZip(bytes: Uint8Array, name: string): ZipEntry[] {
  const tally: Tally = { entries: 0, unpacked: 0, verified: 0, packed: bytes.length };
  return inspectLevel(bytes, name, [], tally);
}

/**
 * One archive's directory: the upload's (`inside` empty) or an archive's inside it (`inside` names it);
 * messages name the upload, and the inner archive in their reason.
 */
function inspectLevel(bytes: Uint8Array, name: string, inside: string[], tally: Tally): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const where = inside.length ? `in ${inside.join(" → ")}: ` : "";
  const damaged = (why: string) => Invalid(MATERIAL_MESSAGES.damaged(name, where + why));
  const lies = (why: string) => Invalid(MATERIAL_MESSAGES.lies(name, where + why));
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  /** A 64-bit size or offset, refused when it is beyond `max` (the file's length, unless said). */
  const u64 = (at: number, what: string, max = bytes.length) => {
    const value = view.getBigUint64(at, true);
    if (value > BigInt(max)) throw lies(what);
    return Number(value);
  };

  // The end record: its 22 bytes and a comment of up to 65,535, at the very end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - U16_MAX); at -= 1) {
    if (u32(at) === SIG.end && at + 22 + u16(at + 20) <= bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged("no central directory at its end");
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0) throw Invalid(MATERIAL_MESSAGES.split(name));
  let count = u16(end + 10);
  let dirSize = u32(end + 12);
  let dirOffset = u32(end + 16);
  let dirLimit = end;
  if (u16(end + 8) !== count) throw Invalid(MATERIAL_MESSAGES.split(name));
  if (count === U16_MAX || dirSize === U32_MAX || dirOffset === U32_MAX) {
    // ZIP64: a locator just before the end record gives the ZIP64 end record's place.
    const locator = end - 20;
    if (locator < 0 || u32(locator) !== SIG.locator64) throw damaged("a ZIP64 archive without its ZIP64 records");
    const record = u64(locator + 8, "its ZIP64 directory is placed beyond the file");
    if (record + 56 > locator || u32(record) !== SIG.end64) throw lies("its ZIP64 directory is placed beyond the file");
    if (u32(record + 16) !== 0 || u32(record + 20) !== 0) throw Invalid(MATERIAL_MESSAGES.split(name));
    const total64 = view.getBigUint64(record + 32, true);
    if (total64 > BigInt(ZIP_MAX_ENTRIES)) throw Invalid(MATERIAL_MESSAGES.entries(name, ZIP_MAX_ENTRIES + 1));
    count = Number(total64);
    dirSize = u64(record + 40, "a ZIP64 directory larger than the file");
    dirOffset = u64(record + 48, "a ZIP64 directory placed beyond the file");
    dirLimit = record;
  }
  if (tally.entries + count > ZIP_MAX_ENTRIES)
    throw Invalid(MATERIAL_MESSAGES.entries(name, Math.max(count, ZIP_MAX_ENTRIES + 1)));
  tally.entries += count;
  const dirEnd = dirOffset + dirSize;
  if (dirEnd > dirLimit) throw lies("its directory is said to be larger than the file");
  if (count === 0) throw damaged("it holds no files");

  const entries: ZipEntry[] = [];
  const spans: Array<[number, number]> = [];
  let p = dirOffset;
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > dirEnd || u32(p) !== SIG.central) throw damaged("its directory lists fewer files than it says");
    const flags = u16(p + 8);
    const method = u16(p + 10);
    const crc = u32(p + 16);
    let compressedSize = u32(p + 20);
    let uncompressedSize = u32(p + 24);
    const nameLength = u16(p + 28);
    const extraLength = u16(p + 30);
    const commentLength = u16(p + 32);
    let localOffset = u32(p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > dirEnd) throw damaged("an entry runs past its directory");
    const rawName = bytes.subarray(p + 46, p + 46 + nameLength);
    const entryName = Buffer.from(rawName).toString(flags & 0x800 ? "utf8" : "latin1");

    if (uncompressedSize === U32_MAX || compressedSize === U32_MAX || localOffset === U32_MAX) {
      // the ZIP64 extra field holds, in this order, the 64-bit values of those that are 0xFFFFFFFF
      let q = p + 46 + nameLength;
      const extraEnd = q + extraLength;
      let found = false;
      while (q + 4 <= extraEnd) {
        const id = u16(q);
        const size = u16(q + 2);
        if (q + 4 + size > extraEnd) break;
        if (id === 0x0001) {
          let r = q + 4;
          const take = (what: string, max?: number) => {
            if (r + 8 > q + 4 + size) throw damaged(`${entryName}: its ZIP64 sizes are missing`);
            const value = u64(r, what, max);
            r += 8;
            return value;
          };
          if (uncompressedSize === U32_MAX)
            uncompressedSize = take(`${entryName} is said to unpack to petabytes`, Number.MAX_SAFE_INTEGER);
          if (compressedSize === U32_MAX) compressedSize = take(`${entryName} is said to be larger than the file`);
          if (localOffset === U32_MAX) localOffset = take(`${entryName} is placed beyond the file`);
          found = true;
          break;
        }
        q += 4 + size;
      }
      if (!found) throw damaged(`${entryName}: its ZIP64 sizes are missing`);
    }

    if (flags & 0x1 || flags & 0x40 || method === 99) throw Invalid(MATERIAL_MESSAGES.encrypted(name));
    // stored or deflated only: what every ZIP program opens, and what can be checked here
    if (method !== 0 && method !== 8) throw Invalid(MATERIAL_MESSAGES.method(name, entryName));
    if (entryName.includes("\0")) throw damaged("a file name holds a NUL character");
    const parts = entryName.split(/[\\/]/);
    if (/^[\\/]/.test(entryName) || /^[A-Za-z]:/.test(entryName) || parts.includes(".."))
      throw Invalid(MATERIAL_MESSAGES.path(name, entryName));

    // Where its data is, from its local header, which must agree with the directory.
    if (localOffset + 30 > dirOffset || u32(localOffset) !== SIG.local)
      throw lies(`${entryName} is placed where there is no file`);
    const localName = u16(localOffset + 26);
    const dataOffset = localOffset + 30 + localName + u16(localOffset + 28);
    if (
      localName !== nameLength ||
      !Buffer.from(bytes.subarray(localOffset + 30, localOffset + 30 + localName)).equals(rawName)
    )
      throw damaged(`${entryName} is named differently in its two headers`);
    if (dataOffset + compressedSize > dirOffset) throw lies(`${entryName} is said to be larger than the file`);
    if (method === 0 && compressedSize !== uncompressedSize)
      throw lies(`${entryName} is stored as is, yet its two sizes differ`);
    // deflate never grows data by more than 5 bytes a 16 KB block (plus a few): less is a lie
    if (method === 8 && compressedSize > uncompressedSize + 5 * Math.ceil(uncompressedSize / 16_383) + 16)
      throw lies(`${entryName} is said to unpack to less than it holds`);
    spans.push([localOffset, dataOffset + compressedSize]);

    tally.unpacked += uncompressedSize;
    if (tally.unpacked > ZIP_MAX_UNPACKED) throw Invalid(MATERIAL_MESSAGES.unpacked(name, tally.unpacked));
    if (tally.unpacked > ZIP_RATIO_FLOOR && tally.unpacked > ZIP_MAX_RATIO * tally.packed)
      throw Invalid(MATERIAL_MESSAGES.ratio(name));

    const entry: ZipEntry = { name: entryName, method, compressedSize, uncompressedSize, dataOffset };
    const isDir = entryName.endsWith("/");
    const data = bytes.subarray(dataOffset, dataOffset + compressedSize);
    let content: Uint8Array | null = method === 0 ? data : null;
    if (content && !isDir && crc32(content) !== crc) throw damaged(`${entryName} does not match its checksum`);
    // Inflated in memory only, to see that it holds what the directory says (a bomb declares little).
    if (
      method === 8 &&
      !isDir &&
      uncompressedSize <= VERIFY_ENTRY_MAX &&
      tally.verified + uncompressedSize <= VERIFY_BUDGET
    ) {
      tally.verified += uncompressedSize;
      content = inflateEntry(data, uncompressedSize, crc, entryName, damaged, lies);
    }
    if (entryName === "mimetype" && content && content.length < 200)
      entry.text = Buffer.from(content).toString("latin1");

    if (!isDir && uncompressedSize >= 22) {
      const head = content ?? (method === 8 ? inflateHead(data) : null);
      if (head && (startsWith(head, ascii("PK\x03\x04")) || startsWith(head, ascii("PK\x05\x06")))) {
        if (inside.length >= 1) throw Invalid(MATERIAL_MESSAGES.nested(name, [name, ...inside, entryName].join(" → ")));
        if (uncompressedSize > NESTED_MAX) throw Invalid(MATERIAL_MESSAGES.nestedTooBig(name, entryName));
        const inner = content ?? inflateEntry(data, uncompressedSize, crc, entryName, damaged, lies);
        inspectLevel(inner, name, [...inside, entryName], tally);
      }
    }
    entries.push(entry);
    p = next;
  }
  if (p !== dirEnd) throw damaged("its directory holds more than it lists");
  // A file's data used by two entries is how the largest bombs without nesting are made.
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i += 1)
    if (spans[i]![0] < spans[i - 1]![1]) throw lies("two of its files share the same data");
  return entries;
}

/** A deflated entry unpacked in memory: exactly its declared size, and its checksum right. */
function inflateEntry(
  data: Uint8Array,
  size: number,
  crc: number,
  entryName: string,
  damaged: (why: string) => Error,
  lies: (why: string) => Error,
): Uint8Array {
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, size + 1) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
      throw lies(`${entryName} unpacks to more than its declared ${formatBytes(size)}`);
    throw damaged(`${entryName} cannot be unpacked`);
  }
  if (out.length !== size) throw lies(`${entryName} unpacks to ${formatBytes(out.length)}, not ${formatBytes(size)}`);
  if (crc32(out) !== crc) throw damaged(`${entryName} does not match its checksum`);
  return out;
}

/** The first bytes of a deflated entry, to see whether it is an archive itself. */
function inflateHead(data: Uint8Array): Uint8Array | null {
  try {
    // 256 bytes are enough for a block's code tables and the first bytes, and cannot unpack past 300 KB
    return inflateRawSync(data.subarray(0, 256), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 1024 * 1024 });
  } catch {
    return null;
  }
}
