// Naira amounts as the site shows them (architecture "Web": Intl.NumberFormat en-NG, NGN). Course prices
// show kobo (₦150,000.00); ticket prices whole naira (₦2,500), as the spec writes them.
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
