// A lesson's materials are what their names say, within their size, and no archive is a bomb: archives
// are written by hand (tests/support/zip.ts), so that each lie a bomb tells can be told on purpose.
import { crc32, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MATERIAL_MAX_BYTES } from "../../../contract/learning/learning.ts";
import { DomainError } from "../../lib/errors.ts";
import { zip } from "../../../tests/support/zip.ts";
import { checkMaterial, MATERIAL_MESSAGES } from "./materials.ts";

/** The refusal checkMaterial throws: its code and message. */
function refusal(bytes: Uint8Array, name: string): { code: string; message: string } {
  try {
    checkMaterial(bytes, name);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const text = (s: string) => Buffer.from(s, "utf8");
const MB = 1024 * 1024;

describe("checkMaterial: types", () => {
  it("takes a PDF, older Office files, plain UTF-8 text and office documents whose bytes match their names", () => {
    expect(checkMaterial(PDF, "Week 1 notes.pdf")).toEqual({ contentType: "application/pdf", ext: "pdf" });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(checkMaterial(ole, "slides.PPT")).toEqual({ contentType: "application/vnd.ms-powerpoint", ext: "ppt" });
    expect(checkMaterial(ole, "essay.doc").ext).toBe("doc");
    expect(checkMaterial(text("Ìpàdé Ọ̀sẹ̀ — Adébáyọ̀\n"), "readme.txt")).toEqual({
      contentType: "text/plain",
      ext: "txt",
    });
    const pptx = zip([
      { name: "[Content_Types].xml", data: text("<Types/>") },
      { name: "ppt/presentation.xml", data: text("<p:presentation/>") },
    ]);
    expect(checkMaterial(pptx, "deck.pptx").ext).toBe("pptx");
    const odp = zip([
      { name: "mimetype", data: text("application/vnd.oasis.opendocument.presentation"), method: 0 },
      { name: "content.xml", data: text("<office:document-content/>") },
    ]);
    expect(checkMaterial(odp, "deck.odp").ext).toBe("odp");
  });

  it("refuses a name whose type is not allowed, or none", () => {
    expect(refusal(PDF, "setup.exe")).toEqual({ code: "invalid", message: MATERIAL_MESSAGES.type("setup.exe") });
    expect(refusal(PDF, "notes").code).toBe("invalid");
    expect(refusal(PDF, "notes.pdf.exe").message).toContain("materials can be PDF, PPT, PPTX");
  });

  it("refuses a program renamed .pdf, a PDF renamed .zip, a ZIP renamed .doc", () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(200)]);
    expect(refusal(exe, "notes.pdf")).toEqual({
      code: "invalid",
      message: MATERIAL_MESSAGES.mismatch("notes.pdf", "pdf", "a Windows program"),
    });
    expect(refusal(PDF, "lecture.zip").message).toBe(MATERIAL_MESSAGES.mismatch("lecture.zip", "zip", "a PDF"));
    expect(refusal(zip([{ name: "a.txt", data: text("a") }]), "essay.doc").message).toContain(
      "essay.doc is not a Word document",
    );
  });

  it("refuses a ZIP named as an office document it is not", () => {
    const plain = zip([{ name: "notes.txt", data: text("hello") }]);
    expect(refusal(plain, "deck.pptx").message).toBe(MATERIAL_MESSAGES.office("deck.pptx", "pptx"));
    const odt = zip([{ name: "mimetype", data: text("application/vnd.oasis.opendocument.text"), method: 0 }]);
    expect(refusal(odt, "deck.odp").message).toBe(MATERIAL_MESSAGES.office("deck.odp", "odp"));
  });

  it("refuses text that is not UTF-8 or holds NULs", () => {
    expect(refusal(Buffer.from("caf\xe9", "latin1"), "menu.txt").message).toBe(MATERIAL_MESSAGES.text("menu.txt"));
    expect(refusal(text("a\0b"), "menu.txt").code).toBe("invalid");
  });

  it("refuses an empty file, and one over the limit as too large", () => {
    expect(refusal(new Uint8Array(0), "a.pdf").message).toBe(MATERIAL_MESSAGES.empty("a.pdf"));
    const big = new Uint8Array(MATERIAL_MAX_BYTES + 1);
    big.set(PDF);
    expect(refusal(big, "big.pdf")).toEqual({
      code: "too_large",
      message: MATERIAL_MESSAGES.tooBig("big.pdf", MATERIAL_MAX_BYTES + 1),
    });
    expect(refusal(big, "big.pdf").message).toContain("at most 100.0 MB");
  });
});

describe("checkMaterial: archives", () => {
  it("takes an ordinary ZIP: files, folders, a stored entry and a ZIP inside it", () => {
    const inner = zip([{ name: "solution.py", data: text("print('hello')\n".repeat(50)) }]);
    const archive = zip([
      { name: "week1/", method: 0 },
      { name: "week1/notes.txt", data: text("Lesson notes\n".repeat(1000)) },
      { name: "week1/slides.pdf", data: PDF, method: 0 },
      { name: "week1/exercise.zip", data: inner },
    ]);
    expect(checkMaterial(archive, "Week 1.zip")).toEqual({ contentType: "application/zip", ext: "zip" });
  });

  it("refuses a bomb: 200 MB of zeros packed into a few hundred KB", () => {
    const zeros = Buffer.alloc(200 * MB);
    const deflated = { bytes: deflateRawSync(zeros, { level: 9 }), size: zeros.length, crc: crc32(zeros) };
    expect(deflated.bytes.length).toBeLessThan(MB);
    const bomb = zip([{ name: "zeros.bin", deflated }]);
    expect(refusal(bomb, "bonus.zip")).toEqual({ code: "invalid", message: MATERIAL_MESSAGES.ratio("bonus.zip") });

    // the same data, its header claiming 1,000 bytes
    const lying = zip([{ name: "small.txt", deflated, claimUncompressed: 1000 }]);
    const lie = refusal(lying, "small.zip");
    expect(lie.code).toBe("invalid");
    expect(lie.message).toContain("small.zip claims sizes that are not true (small.txt is said to unpack to less");
  });

  it("refuses an entry that unpacks to more than it declares", () => {
    // 1 MB of zeros (1 KB packed) declared as 10 KB: only unpacking tells
    const lying = zip([{ name: "notes.txt", data: Buffer.alloc(MB), claimUncompressed: 10_240 }]);
    expect(refusal(lying, "notes.zip").message).toContain("notes.txt unpacks to more than its declared 10 KB");
  });

  it("refuses more than 1 GB unpacked, even when compressing less than 100×", () => {
    // 40 entries of 30 MB of zeros, each declared honestly; the packed file is padded past 1/100
    const zeros = Buffer.alloc(30 * MB);
    const deflated = { bytes: deflateRawSync(zeros), size: zeros.length, crc: crc32(zeros) };
    const noise = Buffer.from(Array.from({ length: 11 * MB }, (_, i) => (i * 2654435761) >>> 24));
    const big = zip([
      { name: "noise.bin", data: noise, method: 0 },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `part${i}.bin`, deflated })),
    ]);
    const refused = refusal(big, "data.zip");
    expect(refused.message).toMatch(/^data\.zip unpacks to 1\.0 GB or more: at most 1\.0 GB is allowed/);
  });

  it("refuses a 42.zip: archives inside archives inside the archive", () => {
    const leaf = zip([{ name: "zeros.txt", data: Buffer.alloc(MB) }]);
    const middle = zip(Array.from({ length: 4 }, (_, i) => ({ name: `level2-${i}.zip`, data: leaf })));
    const top = zip(Array.from({ length: 4 }, (_, i) => ({ name: `level1-${i}.zip`, data: middle })));
    expect(refusal(top, "42.zip")).toEqual({
      code: "invalid",
      message: MATERIAL_MESSAGES.nested("42.zip", "42.zip → level1-0.zip → level2-0.zip"),
    });
    // a ZIP inside a ZIP is fine
    expect(checkMaterial(middle, "two-levels.zip").ext).toBe("zip");
    // found by its bytes, whatever its name
    const hidden = zip([{ name: "notes.txt", data: middle }]);
    expect(refusal(hidden, "hidden.zip").message).toContain("hidden.zip → notes.txt → level2-0.zip");
  });

  it("refuses an archive inside it too big to check", () => {
    // 129 MB inside, packed small, with 1.5 MB of stored noise so that the whole is under 100×
    const zeros = Buffer.alloc(129 * MB);
    const inner = zip([{ name: "zeros.bin", data: zeros, method: 0 }]);
    const deflated = { bytes: deflateRawSync(inner), size: inner.length, crc: crc32(inner) };
    const noise = Buffer.from(Array.from({ length: 1.5 * MB }, (_, i) => (i * 2654435761) >>> 24));
    const outer = zip([
      { name: "noise.bin", data: noise, method: 0 },
      { name: "big.zip", deflated },
    ]);
    expect(refusal(outer, "course.zip").message).toBe(MATERIAL_MESSAGES.nestedTooBig("course.zip", "big.zip"));
  });

  it("refuses paths that leave the folder", () => {
    for (const bad of ["../evil.sh", "docs/../../evil.sh", "/etc/passwd", "C:\\Windows\\evil.dll", "a\\..\\..\\b"]) {
      const archive = zip([{ name: bad, data: text("x") }]);
      expect(refusal(archive, "a.zip")).toEqual({ code: "invalid", message: MATERIAL_MESSAGES.path("a.zip", bad) });
    }
    // dots in names are fine
    expect(checkMaterial(zip([{ name: "v1..2/notes..txt", data: text("x") }]), "ok.zip").ext).toBe("zip");
  });

  it("refuses more than 10,000 entries", () => {
    const many = zip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}`, data: text("x"), method: 0 })));
    expect(refusal(many, "many.zip").message).toContain("at most 10,000 are allowed");
  });

  it("refuses an encrypted archive", () => {
    const archive = zip([{ name: "secret.txt", data: text("x"), flags: 0x1 }]);
    expect(refusal(archive, "secret.zip").message).toBe(MATERIAL_MESSAGES.encrypted("secret.zip"));
  });

  it("refuses a damaged or lying directory", () => {
    const good = zip([{ name: "a.txt", data: text("hello") }]);
    // cut before its end record
    expect(refusal(good.subarray(0, good.length - 10), "cut.zip").message).toContain("no central directory");
    // a count that lies
    const claims = zip([{ name: "a.txt", data: text("hello") }], { claimCount: 3 });
    expect(refusal(claims, "count.zip").message).toContain("count.zip is damaged");
    // ZIP64 records said to be far beyond the file
    const zip64 = zip([{ name: "a.txt", data: text("hello") }], { zip64RecordAt: 2n ** 40n });
    expect(refusal(zip64, "z64.zip").message).toContain("z64.zip claims sizes that are not true");
    // two entries sharing the same data (the largest bombs without nesting)
    const overlap = zip(
      [
        { name: "a.txt", data: text("hello") },
        { name: "a.txt", data: text("hello") },
      ],
      { overlap: true },
    );
    expect(refusal(overlap, "overlap.zip").message).toContain("share the same data");
    // a stored entry whose sizes differ
    const stored = zip([{ name: "a.txt", data: text("hello"), method: 0, claimUncompressed: 4 }]);
    expect(refusal(stored, "stored.zip").message).toContain("its two sizes differ");
    // data that is not what its checksum says
    const data = text("hello, world");
    const wrongCrc = zip([{ name: "a.txt", deflated: { bytes: deflateRawSync(data), size: data.length, crc: 1234 } }]);
    expect(refusal(wrongCrc, "crc.zip").message).toContain("a.txt does not match its checksum");
    const storedCrc = zip([{ name: "a.txt", data: text("hello"), method: 0 }]);
    storedCrc.writeUInt32LE(1234, storedCrc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 16);
    expect(refusal(storedCrc, "crc.zip").message).toContain("a.txt does not match its checksum");
    // a compression method ordinary programs cannot open
    const lzma = zip([{ name: "a.txt", data: text("hello"), method: 14 }]);
    expect(refusal(lzma, "lzma.zip").message).toBe(MATERIAL_MESSAGES.method("lzma.zip", "a.txt"));
  });
});
