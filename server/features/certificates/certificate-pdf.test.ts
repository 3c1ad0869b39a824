// The certificate PDF read back with poppler and zbar (installed by scripts/setup-test-env.sh): its text,
// page, fonts and QR code, and the name's pixels on the rendered page. The render check matters: a PDF
// whose font drops glyphs when drawn still gives the right text to pdftotext (stack-notes-learning §2).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCertificateDate, fittedSize, renderCertificatePdf, type CertificateInput } from "./certificate-pdf.tsx";

// NFC "Adébáyọ̀ Ọlábísí": ọ̀ has no precomposed form, it is ọ (U+1ECD) and a combining grave (U+0300).
const YORUBA_NAME = "Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed";
// The same name decomposed (e + U+0301, o + U+0323 + U+0300...): it must print as the NFC one.
const YORUBA_NAME_NFD = YORUBA_NAME.normalize("NFD");
const LONG_TITLE =
  "Advanced Distributed Systems Engineering: Designing, Building and Operating Resilient Cloud-Native Services";
const LONG_NAME =
  "Oluwaseun Ad\u00e9b\u00e1y\u1ecd\u0300 \u1eccl\u00e1b\u00eds\u00ed-Ogunleye Chukwuemeka Nnamdi Okonkwo-Abubakar Ibrahim Musa Olamide Temitope Oluwadamilare";
const DPI = 150;

const base: CertificateInput = {
  id: "65f0c0ffee00000000000001",
  name: YORUBA_NAME_NFD,
  courseTitle: "Full-Stack Web Development with TypeScript",
  instructor: "Dr. Folake Adeyemi",
  // 23:30 UTC on the 28th is 00:30 on the 29th in Lagos
  issuedAt: new Date("2026-11-28T23:30:00Z"),
  verifyUrl: "https://academy.example.ng/certificates/65f0c0ffee00000000000001",
  siteName: "TechAfrica",
  siteUrl: "https://academy.example.ng/",
};

let dir: string;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

async function renderTo(file: string, input: CertificateInput): Promise<string> {
  const path = join(dir, file);
  writeFileSync(path, await renderCertificatePdf(input));
  return path;
}

interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Where pdftotext places the words of `text` on the page, in points: the union of their boxes. */
function textBox(pdf: string, text: string): Box {
  const wanted = new Set(text.split(" "));
  const words = [
    ...run("pdftotext", ["-enc", "UTF-8", "-bbox", pdf, "-"]).matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].filter((m) => wanted.has(m[5]!));
  expect(words.length).toBe(wanted.size);
  const n = (i: number) => words.map((m) => Number(m[i]));
  return { xMin: Math.min(...n(1)), yMin: Math.min(...n(2)), xMax: Math.max(...n(3)), yMax: Math.max(...n(4)) };
}

/** The box of the page rendered in grey at DPI: how much of it is ink, and how many of its columns have any. */
function ink(pdf: string, box: Box): { dark: number; columns: number } {
  const px = (pt: number) => Math.round((pt * DPI) / 72);
  const [x, y, w, h] = [px(box.xMin), px(box.yMin), px(box.xMax - box.xMin), px(box.yMax - box.yMin)];
  const prefix = join(dir, `crop-${x}-${y}`);
  const args = ["-r", `${DPI}`, "-gray", "-singlefile", "-x", `${x}`, "-y", `${y}`, "-W", `${w}`, "-H", `${h}`];
  run("pdftoppm", [...args, pdf, prefix]);
  const pgm = readFileSync(`${prefix}.pgm`);
  // P5 header: "P5\n<width> <height>\n255\n", then one byte a pixel
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString("latin1"))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  const inked = new Set<number>();
  for (let i = 0; i < width * height; i++) {
    if (pixels[i]! < 128) {
      dark += 1;
      inked.add(i % width);
    }
  }
  return { dark: dark / (width * height), columns: inked.size / width };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "certificate-pdf-"));
  await renderCertificatePdf(base); // warm: fonts are parsed on the first render
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderCertificatePdf", () => {
  it("prints the NFC name, the course, the instructor, the Lagos date and the id", async () => {
    const pdf = await renderTo("yoruba.pdf", base);
    const text = run("pdftotext", ["-enc", "UTF-8", pdf, "-"]);
    expect(text).toContain(YORUBA_NAME);
    expect(text).not.toContain(YORUBA_NAME_NFD);
    for (const part of [
      "Certificate of Completion",
      "This certifies that",
      "has completed the course",
      "Full-Stack Web Development with TypeScript",
      "Instructor: Dr. Folake Adeyemi",
      "29 November 2026",
      "Certificate ID: 65f0c0ffee00000000000001",
      `Verify at ${base.verifyUrl}`,
      "TECHAFRICA", // the site's name, in capitals by style
    ]) {
      expect(text).toContain(part);
    }
  });

  it("is one A4 landscape page with the metadata, the same bytes each time", async () => {
    const pdf = await renderTo("info.pdf", base);
    const info = run("pdfinfo", ["-enc", "UTF-8", pdf]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    expect(Math.round(Number(size[1]))).toBe(842);
    expect(Math.round(Number(size[2]))).toBe(595);
    expect(info).toMatch(/^Title:\s+Certificate of Completion: Full-Stack Web Development with TypeScript$/m);
    expect(info).toMatch(/^Author:\s+TechAfrica$/m);
    expect(info).toMatch(/^Creator:\s+TechAfrica$/m);
    expect(info).toContain(`${YORUBA_NAME} has completed the course`);
    expect((await renderCertificatePdf(base)).equals(await renderCertificatePdf(base))).toBe(true);
  });

  it("embeds Noto Serif, subset and with a ToUnicode map, and no other font", async () => {
    const pdf = await renderTo("fonts.pdf", base);
    const rows = run("pdffonts", [pdf]).trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      // name type encoding emb sub uni object ID
      expect(row).toMatch(/^[A-Z]{6}\+NotoSerif-(Regular|Bold|Italic)\s.*\syes\s+yes\s+yes\s+\d+\s+\d+$/);
    }
    expect(rows.some((row) => row.includes("NotoSerif-Bold"))).toBe(true);
    expect(rows.some((row) => row.includes("NotoSerif-Regular"))).toBe(true);
  });

  it("has a QR code that decodes to exactly the verification address", async () => {
    const pdf = await renderTo("qr.pdf", base);
    const prefix = join(dir, "qr");
    run("pdftoppm", ["-r", `${DPI}`, "-png", "-singlefile", pdf, prefix]);
    expect(run("zbarimg", ["-q", "--raw", `${prefix}.png`]).trim()).toBe(base.verifyUrl);
  });

  it("draws the name: ink across the whole place pdftotext gives it", async () => {
    const pdf = await renderTo("ink.pdf", base);
    const box = textBox(pdf, YORUBA_NAME);
    expect(box.xMax - box.xMin).toBeGreaterThan(200); // the big type of a short name
    const name = ink(pdf, box);
    expect(name.dark).toBeGreaterThan(0.08);
    expect(name.columns).toBeGreaterThan(0.75);
    // and the page is not simply dark there: the paper beside the name is blank
    const beside = ink(pdf, { ...box, xMin: box.xMax + 20, xMax: box.xMax + 60 });
    expect(beside.dark).toBe(0);
  });

  it("fits a long name and a long course title on the one page, in smaller type", async () => {
    const long = { ...base, name: LONG_NAME, courseTitle: LONG_TITLE };
    expect(LONG_NAME.length).toBeGreaterThan(100);
    expect(LONG_TITLE.length).toBeGreaterThan(100);
    const pdf = await renderTo("long.pdf", long);
    expect(run("pdfinfo", [pdf])).toMatch(/^Pages:\s+1$/m);
    const text = run("pdftotext", ["-enc", "UTF-8", pdf, "-"]).replace(/\s+/g, " ");
    expect(text).toContain(LONG_NAME);
    expect(text).toContain(LONG_TITLE);
    const box = textBox(pdf, LONG_NAME);
    expect(box.xMin).toBeGreaterThan(50); // inside the frame
    expect(box.xMax).toBeLessThan(842 - 50);
    expect(ink(pdf, box).dark).toBeGreaterThan(0.04);
    const prefix = join(dir, "long-qr");
    run("pdftoppm", ["-r", `${DPI}`, "-png", "-singlefile", pdf, prefix]);
    expect(run("zbarimg", ["-q", "--raw", `${prefix}.png`]).trim()).toBe(base.verifyUrl);
  });

  it("keeps 120 characters of capitals without spaces on one page", async () => {
    const pdf = await renderTo("endless.pdf", { ...base, name: "W".repeat(120), courseTitle: "M".repeat(120) });
    expect(run("pdfinfo", [pdf])).toMatch(/^Pages:\s+1$/m);
    const box = textBox(pdf, "W".repeat(120));
    expect(box.xMin).toBeGreaterThan(50);
    expect(box.xMax).toBeLessThan(842 - 50);
  });
});

describe("formatCertificateDate", () => {
  it("is the day in Lagos, the month in words", () => {
    expect(formatCertificateDate(new Date("2026-11-28T23:30:00Z"))).toBe("29 November 2026");
    expect(formatCertificateDate(new Date("2026-03-03T12:00:00Z"))).toBe("3 March 2026");
  });
});

describe("fittedSize", () => {
  const fit = { width: 600, max: 40, min: 16, lines: 2, weight: 700 } as const;

  it("keeps the largest size for a short text and shrinks a long one, not below the least", async () => {
    expect(await fittedSize("Ada Obi", fit)).toBe(40);
    const long = await fittedSize(LONG_NAME, fit);
    expect(long).toBeLessThan(40);
    expect(long).toBeGreaterThanOrEqual(16);
    expect(await fittedSize("W".repeat(120), fit)).toBeLessThan(16); // one word must still fit across
  });
});
