// Money, in one place for pages, services and e-mails (issue 16): kobo ↔ naira, the coupon price rule
// and the display. Amounts are integers in kobo in the database and naira in the API (architecture
// "Data"); the site shows them as Intl.NumberFormat en-NG, NGN does (architecture "Web"). No zod here: the
// enrol and ticket modals import it, and their browser code stays small.

/** 2500 naira → 250000 kobo; rounded to a whole kobo, so 0.29 × 100 (28.999…) is 29. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** 250000 kobo → 2500 naira. */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** An amount in naira that is a whole number of kobo (at most two decimals). */
export function isWholeKobo(naira: number): boolean {
  return Math.abs(nairaToKobo(naira) - naira * 100) < 1e-6;
}

/** The sum of amounts in naira, added as kobo so that no floating-point error creeps in. */
export function sumNaira(amounts: Iterable<number>): number {
  let kobo = 0;
  for (const naira of amounts) kobo += nairaToKobo(naira);
  return koboToNaira(kobo);
}

/** 1234567 kobo → "12345.67"; -50 → "-0.50" (the CSV exports; exact: integer arithmetic, no floating point). */
export function koboDecimal(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(Math.round(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A price after a coupon, in kobo: spec admin-back-office §9 "Coupon discounted price = price × (1 −
 * discount/100)", rounded to the nearest kobo (the provider charges whole kobo). What the server charges.
 */
export function discountedKobo(kobo: number, discountPercent: number): number {
  return Math.round((kobo * (100 - discountPercent)) / 100);
}

/**
 * The same rule in naira, as the enrol modal shows it (spec public-area §5 "shown with 2 decimals").
 * Computed in kobo with `discountedKobo`, so the page shows exactly the amount the server will charge.
 */
export function couponPrice(naira: number, discountPercent: number): number {
  return koboToNaira(discountedKobo(nairaToKobo(naira), discountPercent));
}

/**
 * The price a learner pays for a course and, when a discount is shown, the original price to strike
 * through. spec public-area §2 "Courses": discountPrice counts only when showDiscount is true and it is
 * set. In whatever unit it is given: naira on the pages, kobo in the payments service.
 */
export function coursePrice(course: { price: number; discountPrice: number | null; showDiscount: boolean }): {
  price: number;
  original: number | null;
} {
  if (course.showDiscount && course.discountPrice !== null) {
    return { price: course.discountPrice, original: course.price };
  }
  return { price: course.price, original: null };
}

/**
 * Every amount of a course purchase, in kobo, by its one name (decision 059): the full price; the course
 * discount the card shows (full price less the discount price, when shown); the price after discount (what
 * the card asks); the coupon discount (the coupon's percent of the price after discount, rounded to the
 * kobo as `discountedKobo`); and the amount paid (the price after discount less the coupon discount).
 */
export interface CourseAmounts {
  fullPrice: number;
  courseDiscount: number;
  priceAfterDiscount: number;
  couponPercent: number | null;
  couponDiscount: number;
  amountPaid: number;
}

/** `CourseAmounts` from the full price, the price after discount and the coupon's percent (null: none). */
export function courseAmounts(
  fullKobo: number,
  afterDiscountKobo: number,
  couponPercent: number | null,
): CourseAmounts {
  const amountPaid = couponPercent === null ? afterDiscountKobo : discountedKobo(afterDiscountKobo, couponPercent);
  return {
    fullPrice: fullKobo,
    courseDiscount: Math.max(fullKobo - afterDiscountKobo, 0),
    priceAfterDiscount: afterDiscountKobo,
    couponPercent,
    couponDiscount: afterDiscountKobo - amountPaid,
    amountPaid,
  };
}

/** A course's amounts (naira or kobo, as `coursePrice`) with a coupon of `couponPercent`, in kobo. */
export function amountsOfCourse(
  course: { price: number; discountPrice: number | null; showDiscount: boolean },
  couponPercent: number | null,
  unit: "naira" | "kobo" = "naira",
): CourseAmounts {
  const { price, original } = coursePrice(course);
  const kobo = (n: number) => (unit === "naira" ? nairaToKobo(n) : n);
  return courseAmounts(kobo(original ?? price), kobo(price), couponPercent);
}

/** A whole percent of `whole` ("20%"): a course's discount next to its amount, a quiz's score and figures. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((100 * part) / whole) : 0;
}

// Course prices show kobo (₦150,000.00); ticket prices whole naira (₦2,500), as the spec writes them.
// Written out by hand rather than with Intl.NumberFormat("en-NG", { currency: "NGN" }), whose output it
// matches (money.test.ts compares the two over thousands of amounts): the first currency formatter a page
// builds costs a phone's browser its locale data (26-32 ms on each page with a price, before the 4x of a
// mid-range phone; decision 048), and the server's and the browser's ICU can no longer disagree during
// hydration.

/** The grouped whole part and the fraction of `amount` (finite, not negative), rounded half away from
 * zero on its shortest decimal form as Intl does (1.005 gives 1.01); null when that form has an exponent
 * (from 1e21, or under 1e-6), which is left to Intl. */
function fixedDecimal(amount: number, decimals: number): string | null {
  const text = String(amount);
  if (text.includes("e")) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = (whole + fraction.padEnd(decimals, "0").slice(0, decimals)).split("");
  if (fraction.length > decimals && fraction[decimals]! >= "5") {
    let at = kept.length - 1;
    for (; at >= 0 && kept[at] === "9"; at--) kept[at] = "0";
    if (at >= 0) kept[at] = String(Number(kept[at]) + 1);
    else kept.unshift("1");
  }
  const digits = kept.join("");
  const wholePart = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, "");
  const grouped = wholePart.replace(/\B(?=(\d{3})+$)/g, ",");
  return decimals > 0 ? `${grouped}.${digits.slice(digits.length - decimals)}` : grouped;
}

/** 150000 → "₦150,000.00"; with `{ decimals: 0 }` 2500 → "₦2,500". */
export function formatNaira(amount: number, { decimals }: { decimals?: number } = {}): string {
  const places = decimals ?? 2;
  const fixed =
    Number.isFinite(amount) && Number.isInteger(places) && places >= 0 && places <= 20
      ? fixedDecimal(Math.abs(amount), places)
      : null;
  if (fixed === null) {
    return new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(amount);
  }
  return `${amount < 0 || Object.is(amount, -0) ? "-" : ""}₦${fixed}`;
}

/** An amount kept in kobo, shown in naira: 12000000 → "₦120,000.00" (receipts, the account page). */
export function formatKobo(kobo: number, options: { decimals?: number } = {}): string {
  return formatNaira(koboToNaira(kobo), options);
}

// Counts and the charts' short amounts (the back office only): built on first use, for the reason above.
let counts: Intl.NumberFormat | undefined;
let compact: Intl.NumberFormat | undefined;

/** 12345 → "12,345" (whole numbers, en-NG grouping). */
export function formatCount(n: number): string {
  counts ??= new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
  return counts.format(n);
}

/** 1250000 → "₦1.3M": a chart axis's short amount in naira. */
export function formatNairaCompact(naira: number): string {
  compact ??= new Intl.NumberFormat("en-NG", {
    style: "currency",
    currency: "NGN",
    notation: "compact",
    maximumFractionDigits: 1,
  });
  return compact.format(naira);
}
