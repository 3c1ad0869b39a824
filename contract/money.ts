// Money, in one place for pages, services and e-mails (issue 16): kobo ↔ naira, the coupon price rule
// and the display. Amounts are integers in kobo in the database and naira in the API (architecture
// "Data"); the site shows them with Intl.NumberFormat en-NG, NGN (architecture "Web"). No zod here: the
// enrol and ticket modals import it, and their browser code stays small.

/** 2500 naira → 250000 kobo; rounded to a whole kobo, so 0.29 × 100 (28.999…) is 29. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** 250000 kobo → 2500 naira. */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
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

// Course prices show kobo (₦150,000.00); ticket prices whole naira (₦2,500), as the spec writes them.
const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number | undefined): Intl.NumberFormat {
  const key = decimals ?? -1;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      "en-NG",
      decimals === undefined
        ? { style: "currency", currency: "NGN" }
        : { style: "currency", currency: "NGN", minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 150000 → "₦150,000.00"; with `{ decimals: 0 }` 2500 → "₦2,500". */
export function formatNaira(amount: number, { decimals }: { decimals?: number } = {}): string {
  return formatterFor(decimals).format(amount);
}

/** An amount kept in kobo, shown in naira: 12000000 → "₦120,000.00" (receipts, the account page). */
export function formatKobo(kobo: number, options: { decimals?: number } = {}): string {
  return formatNaira(koboToNaira(kobo), options);
}
