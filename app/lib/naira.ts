// Naira amounts as the site shows them (architecture "Web": Intl.NumberFormat en-NG, NGN).
const formatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** 150000 → "₦150,000.00" */
export function formatNaira(amount: number): string {
  return formatter.format(amount);
}
