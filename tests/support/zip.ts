// ZIP archives written by hand for tests (APPNOTE.TXT: local headers and data, the central directory, the
// end record), honest by default, or telling the lies a ZIP bomb tells: sizes, counts, ZIP64 records that
// point beyond the file, entries sharing data.
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntryInput {
  name: string;
  data?: Buffer;
  /** 0 stored, 8 deflated (default) */
  method?: number;
  /** the sizes the headers claim, when they lie */
  claimUncompressed?: number;
  flags?: number;
  /** deflated bytes made elsewhere (with `size`), so a 200 MB entry is deflated once */
  deflated?: { bytes: Buffer; size: number; crc: number };
}

export interface ZipOptions {
  /** the count the end record gives, when it lies */
  claimCount?: number;
  /** a ZIP64 end (count 0xFFFF) whose locator points here */
  zip64RecordAt?: bigint;
  /** every entry's central header points at the first entry's local header */
  overlap?: boolean;
}

/** A ZIP archive, written as APPNOTE.TXT says (or, with options, as a liar would). */
export function zip(entries: ZipEntryInput[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const method = entry.method ?? 8;
    const raw = entry.data ?? Buffer.alloc(0);
    const packed = entry.deflated?.bytes ?? (method === 8 ? deflateRawSync(raw) : raw);
    const size = entry.deflated?.size ?? raw.length;
    const crc = entry.deflated?.crc ?? crc32(raw);
    const claimed = entry.claimUncompressed ?? size;
    const flags = (entry.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(options.overlap ? 0 : offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const count = options.zip64RecordAt !== undefined ? 0xffff : (options.claimCount ?? entries.length);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const parts = [...locals, directory];
  if (options.zip64RecordAt !== undefined) {
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(options.zip64RecordAt, 8);
    locator.writeUInt32LE(1, 16);
    parts.push(locator);
  }
  return Buffer.concat([...parts, end]);
}
