// The PDF of a course certificate (issue 32): one A4 landscape page in the academy's colours, the
// learner's name, the course, the instructor, the date and the certificate's id, and a QR code of the
// page that verifies it. Made with @react-pdf/renderer and the Noto Serif TTFs that npm ships
// (stack-notes-learning §2): Noto covers every Yoruba letter, and react-pdf honours the font's GPOS
// table, so the grave on "ọ̀" (ọ + U+0300, no precomposed form) sits where it should. pdf-lib was
// ruled out there: with Noto it drops glyphs when drawing while text extraction still reads them.
//
// Fonts are registered once, when the module loads; react-pdf then keeps the parsed fonts between
// renders, so a certificate takes tens of milliseconds once the first one has been made. Every text is
// NFC-normalised (a name typed as "o + dot below + grave" and one typed precomposed print the same),
// words are never hyphenated (a name is not to be cut), and long names and course titles get a smaller
// type rather than a second page. The document's dates are the issue date, so the same certificate
// gives the same bytes.
import { formatLagosDay } from "../../../contract/lib/dates.ts";
import { createRequire } from "node:module";
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import { EMAIL_COLORS as C } from "../mail/templates/brand.ts";

export interface CertificateInput {
  /** the certificate's id, printed and part of verifyUrl */
  id: string;
  /** the learner's name as it is to be printed (up to 120 characters) */
  name: string;
  /** the course's title (up to 120 characters) */
  courseTitle: string;
  /** the instructor's name */
  instructor: string;
  /** when the course was completed: printed as a Lagos date ("29 November 2026") */
  issuedAt: Date;
  /** the public page that verifies this certificate: the QR code holds exactly this */
  verifyUrl: string;
  /** SITE_NAME: "TechAfrica" */
  siteName: string;
  /** PUBLIC_URL: printed under the site's name */
  siteUrl: string;
}

const FAMILY = "Noto Serif";
const require = createRequire(import.meta.url);

function notoSerif(file: string): string {
  return require.resolve(`@expo-google-fonts/noto-serif/${file}`);
}

Font.register({
  family: FAMILY,
  fonts: [
    { src: notoSerif("400Regular/NotoSerif_400Regular.ttf"), fontWeight: 400 },
    { src: notoSerif("400Regular_Italic/NotoSerif_400Regular_Italic.ttf"), fontWeight: 400, fontStyle: "italic" },
    { src: notoSerif("700Bold/NotoSerif_700Bold.ttf"), fontWeight: 700 },
  ],
});
// A word is one piece: names and titles are never hyphenated (they wrap at spaces only).
Font.registerHyphenationCallback((word: string) => [word]);

// The page's geometry in points: A4 landscape (841.89 x 595.28), a margin, the blue frame and its gap,
// the amber line, and the padding inside it. The widths text may take follow from them.
const PAGE_WIDTH = 841.89;
const MARGIN = 22;
const FRAME = 6;
const FRAME_GAP = 5;
const LINE = 1.5;
const PADDING_X = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * (MARGIN + FRAME + FRAME_GAP + LINE + PADDING_X);
const SEAL = 74;
const SEAL_GAP = 18;
/** the footer's two columns either side of the seal: the details, and the QR code with its address */
const COLUMN_WIDTH = (CONTENT_WIDTH - SEAL - 2 * SEAL_GAP) / 2;

const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4, scale: 10, type: "png" } as const;

/** The QR code of the verification address as a PNG. */
function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, QR_OPTIONS);
}

/** "29 November 2026": the day in Lagos, the academy's clock. */
/** "29 November 2026": the day in Lagos, the month in words (contract/lib/dates.ts). */
export const formatCertificateDate = (value: Date): string => formatLagosDay(value);

/** What the fitting needs of a font: fontkit's advance widths, in font units, with kerning and GPOS. */
interface MeasuringFont {
  unitsPerEm: number;
  layout(text: string): { advanceWidth: number };
}

type Weight = 400 | 700;

/** The loaded Noto Serif of a weight: the very font react-pdf draws with (loaded once, then kept). */
async function measuringFont(fontWeight: Weight): Promise<MeasuringFont> {
  const descriptor = { fontFamily: FAMILY, fontWeight, fontStyle: "normal" } as const;
  await Font.load(descriptor);
  const font = Font.getFont(descriptor).data as MeasuringFont | null;
  if (!font) throw new Error(`Noto Serif ${fontWeight} did not load`);
  return font;
}

interface Fit {
  /** the column's width in points */
  width: number;
  /** the largest and the smallest size the text takes while it fits in `lines` lines */
  max: number;
  min: number;
  lines: number;
  weight: Weight;
}

// react-pdf breaks lines by its own rule, not greedily: leave it some room.
const FIT_SLACK = 0.96;
/** under this, a text no longer fits by words and lines: it only has to fit across (one endless word) */
const FLOOR = 5;

/** How many lines `words` (widths at 1 pt) take at `size` in `width`, breaking at spaces only. */
function linesAt(words: number[], space: number, size: number, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const next = used === 0 ? word * size : used + (space + word) * size;
    if (next <= width || used === 0) used = next;
    else {
      lines += 1;
      used = word * size;
    }
  }
  return lines;
}

/**
 * The type size of a text: the largest from `max` down to `min` (in steps of half a point) at which it
 * takes at most `lines` lines of the column, measured with the font itself. Failing that (a very long
 * text), `min`; and never so large that its longest word runs past the column's edge.
 */
export async function fittedSize(text: string, fit: Fit): Promise<number> {
  const font = await measuringFont(fit.weight);
  const perPoint = (part: string): number => font.layout(part).advanceWidth / font.unitsPerEm;
  const words = text.split(/\s+/).filter(Boolean).map(perPoint);
  const space = perPoint(" ");
  const width = fit.width * FIT_SLACK;
  let size = fit.max;
  while (size > fit.min && linesAt(words, space, size, width) > fit.lines) size -= 0.5;
  const widest = Math.max(0, ...words);
  return widest * size > width ? Math.max(FLOOR, Math.floor((width / widest) * 10) / 10) : size;
}

const NAME_FIT: Fit = { width: CONTENT_WIDTH, max: 40, min: 16, lines: 2, weight: 700 };
const TITLE_FIT: Fit = { width: CONTENT_WIDTH, max: 24, min: 13, lines: 2, weight: 700 };
const INSTRUCTOR_FIT: Fit = { width: COLUMN_WIDTH, max: 10, min: 7, lines: 2, weight: 400 };
const VERIFY_FIT: Fit = { width: COLUMN_WIDTH, max: 8, min: FLOOR, lines: 1, weight: 400 };

interface Sizes {
  name: number;
  courseTitle: number;
  instructor: number;
  verify: number;
}

async function sizesOf(text: CertificateText): Promise<Sizes> {
  const [name, courseTitle, instructor, verify] = await Promise.all([
    fittedSize(text.name, NAME_FIT),
    fittedSize(text.courseTitle, TITLE_FIT),
    fittedSize(`Instructor: ${text.instructor}`, INSTRUCTOR_FIT),
    fittedSize(`Verify at ${text.verifyUrl}`, VERIFY_FIT),
  ]);
  return { name, courseTitle, instructor, verify };
}

interface CertificateText {
  id: string;
  name: string;
  courseTitle: string;
  instructor: string;
  date: string;
  verifyUrl: string;
  siteName: string;
  siteHost: string;
}

/** Every printed text in NFC, the date formatted, the site's address without its scheme. */
function certificateText(input: CertificateInput): CertificateText {
  const nfc = (value: string): string => value.normalize("NFC").trim();
  return {
    id: nfc(input.id),
    name: nfc(input.name),
    courseTitle: nfc(input.courseTitle),
    instructor: nfc(input.instructor),
    date: formatCertificateDate(input.issuedAt),
    verifyUrl: nfc(input.verifyUrl),
    siteName: nfc(input.siteName),
    siteHost: nfc(input.siteUrl)
      .replace(/^https?:\/\//, "")
      .replace(/\/+$/, ""),
  };
}

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, backgroundColor: "#ffffff", color: C.text, padding: MARGIN },
  frame: { flexGrow: 1, borderWidth: FRAME, borderColor: C.brand950, padding: FRAME_GAP },
  inner: {
    flexGrow: 1,
    borderWidth: LINE,
    borderColor: C.accent400,
    paddingHorizontal: PADDING_X,
    paddingTop: 26,
    paddingBottom: 18,
    alignItems: "center",
  },
  site: { fontSize: 11, fontWeight: 700, letterSpacing: 3, color: C.brand700, textTransform: "uppercase" },
  siteHost: { fontSize: 8.5, color: C.muted, marginTop: 2 },
  heading: { fontSize: 32, fontWeight: 700, color: C.brand950, marginTop: 14 },
  rule: { width: 120, height: 3, backgroundColor: C.accent400, marginTop: 8, marginBottom: 18 },
  lead: { fontSize: 13, fontStyle: "italic", color: C.muted },
  // fixed heights: two lines of the largest size, so a long name moves nothing below it
  nameBox: { height: 112, justifyContent: "center", width: "100%" },
  name: { fontWeight: 700, color: C.brand950, textAlign: "center", lineHeight: 1.25 },
  nameRule: { width: 380, height: 0.75, backgroundColor: C.rule, marginBottom: 10 },
  titleBox: { height: 74, justifyContent: "center", width: "100%", marginTop: 4 },
  title: { fontWeight: 700, color: C.brand700, textAlign: "center", lineHeight: 1.3 },
  footer: { flexDirection: "row", alignItems: "flex-end", width: "100%", marginTop: "auto" },
  details: { width: COLUMN_WIDTH, color: C.text },
  detailLine: { marginTop: 3, fontSize: 10 },
  label: { color: C.muted },
  detailsId: { marginTop: 3, fontSize: 8.5, color: C.muted },
  seal: {
    width: SEAL,
    height: SEAL,
    borderRadius: SEAL / 2,
    backgroundColor: C.brand950,
    borderWidth: 3,
    borderColor: C.accent400,
    alignItems: "center",
    justifyContent: "center",
    marginHorizontal: SEAL_GAP,
  },
  sealText: { fontSize: 7, fontWeight: 700, color: C.accent400, letterSpacing: 1.2, textAlign: "center" },
  verify: { width: COLUMN_WIDTH, alignItems: "flex-end" },
  qr: { width: 92, height: 92 },
  verifyText: { color: C.muted, textAlign: "right", marginTop: 2 },
});

interface PartProps {
  text: CertificateText;
  sizes: Sizes;
}

/** Instructor, date and id on the left; a seal in the middle; the QR code and its address on the right. */
function Footer({ text, sizes, qr }: PartProps & { qr: Buffer }) {
  return (
    <View style={styles.footer}>
      <View style={styles.details}>
        <Text style={[styles.detailLine, { fontSize: sizes.instructor }]}>
          <Text style={styles.label}>Instructor: </Text>
          {text.instructor}
        </Text>
        <Text style={styles.detailLine}>
          <Text style={styles.label}>Date: </Text>
          {text.date}
        </Text>
        <Text style={styles.detailsId}>Certificate ID: {text.id}</Text>
      </View>
      <View style={styles.seal}>
        <Text style={styles.sealText}>CERTIFIED</Text>
        <Text style={styles.sealText}>COMPLETE</Text>
      </View>
      <View style={styles.verify}>
        <Image style={styles.qr} src={{ data: qr, format: "png" }} />
        <Text style={[styles.verifyText, { fontSize: sizes.verify }]}>Verify at {text.verifyUrl}</Text>
      </View>
    </View>
  );
}

/** The learner's name and the course, each in a box of fixed height, at the size that fits it. */
function Achievement({ text, sizes }: PartProps) {
  return (
    <>
      <Text style={styles.lead}>This certifies that</Text>
      <View style={styles.nameBox}>
        <Text style={[styles.name, { fontSize: sizes.name }]}>{text.name}</Text>
      </View>
      <View style={styles.nameRule} />
      <Text style={styles.lead}>has completed the course</Text>
      <View style={styles.titleBox}>
        <Text style={[styles.title, { fontSize: sizes.courseTitle }]}>{text.courseTitle}</Text>
      </View>
    </>
  );
}

function Certificate({ text, sizes, qr, issuedAt }: PartProps & { qr: Buffer; issuedAt: Date }) {
  return (
    <Document
      title={`Certificate of Completion: ${text.courseTitle}`}
      author={text.siteName}
      subject={`${text.name} has completed the course ${text.courseTitle} (certificate ${text.id})`}
      creator={text.siteName}
      language="en"
      // the issue date, not the time of rendering: the same certificate is the same file
      creationDate={issuedAt}
      modificationDate={issuedAt}
    >
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.frame}>
          <View style={styles.inner}>
            <Text style={styles.site}>{text.siteName}</Text>
            <Text style={styles.siteHost}>{text.siteHost}</Text>
            <Text style={styles.heading}>Certificate of Completion</Text>
            <View style={styles.rule} />
            <Achievement text={text} sizes={sizes} />
            <Footer text={text} sizes={sizes} qr={qr} />
          </View>
        </View>
      </Page>
    </Document>
  );
}

/** The certificate as a PDF file: one A4 landscape page. */
export async function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const text = certificateText(input);
  const [qr, sizes] = await Promise.all([qrPng(input.verifyUrl), sizesOf(text)]);
  return renderToBuffer(<Certificate text={text} sizes={sizes} qr={qr} issuedAt={input.issuedAt} />);
}
