// The admin dashboard's figures of the last 30 days (issue 17 "Figures and exports"; decision 038): what
// each figure holds and its table, one description for the page (formatted for reading) and the CSV
// export (plain numbers, naira with two decimals). No zod and no server code: the dashboard imports it.
import { formatCount, formatKobo } from "../lib/money.ts";

/** The window: today in Lagos and the 29 days before it. */
export const FIGURE_DAYS = 30;

export const FIGURE_NAMES = ["revenue", "enrolments", "tickets", "coupons"] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

export function isFigureName(value: string): value is FigureName {
  return (FIGURE_NAMES as readonly string[]).includes(value);
}

/** What a course whose row is gone is called (as on the course and coupon pages). */
export const DELETED_COURSE = "Deleted Course";
/** What an event whose row is gone, and whose purchase rows kept no name, is called. */
export const DELETED_EVENT = "Deleted Event";

/**
 * One Lagos day: what became paid that day (gross), what was refunded that day (refunds, whenever it
 * had been paid), and the difference (net). Amounts in kobo.
 */
export interface RevenueDay {
  /** YYYY-MM-DD, Lagos */
  day: string;
  paidCount: number;
  grossKobo: number;
  refundCount: number;
  refundsKobo: number;
  netKobo: number;
}

/** The course payments paid in the window, by course; those since refunded counted apart. */
export interface CourseEnrolments {
  courseId: string;
  title: string;
  enrolments: number;
  refunded: number;
  grossKobo: number;
  refundedKobo: number;
}

/** The ticket payments paid in the window, by event: tickets are the quantities bought. */
export interface EventTickets {
  eventId: string;
  name: string;
  orders: number;
  tickets: number;
  refundedTickets: number;
  grossKobo: number;
  refundedKobo: number;
}

/**
 * The uses of a coupon recorded in the window: every use (started or logged), the paid ones, those
 * since refunded, and the coupon discount the paid, kept ones gave (price after discount less amount paid).
 */
export interface CouponUse {
  couponId: string;
  code: string;
  uses: number;
  paid: number;
  refunded: number;
  discountKobo: number;
}

export interface Figures {
  /** first and last Lagos day of the window, YYYY-MM-DD */
  from: string;
  to: string;
  revenue: RevenueDay[];
  totals: { paidCount: number; grossKobo: number; refundCount: number; refundsKobo: number; netKobo: number };
  enrolments: CourseEnrolments[];
  tickets: EventTickets[];
  coupons: CouponUse[];
}

/** A table cell: text, a count, or an amount in kobo (shown as naira). */
export type Cell = string | number | { kobo: number };

interface Column<Row> {
  header: string;
  /** numbers and amounts are right-aligned on the page */
  numeric?: boolean;
  value: (row: Row) => Cell;
}

interface FigureTable<Row> {
  title: string;
  /** what the figure counts, under its heading */
  about: string;
  /** the row name of the CSV's file */
  file: string;
  empty: string;
  /** a long table shown folded (a native <details>, opened without JavaScript too) under this summary */
  folded?: string;
  rows: (figures: Figures) => Row[];
  columns: Column<Row>[];
}

const kobo = (value: number): Cell => ({ kobo: value });

export const FIGURE_TABLES: { [K in FigureName]: FigureTable<FigureRow<K>> } = {
  revenue: {
    title: "Revenue by day",
    about:
      "Payments that became paid each day (Lagos time), less the refunds made that day, whenever the payment was made.",
    file: "revenue-by-day",
    empty: "No days.",
    folded: "Day by day (30 days)",
    rows: (f) => f.revenue,
    columns: [
      { header: "Day", value: (r) => r.day },
      { header: "Payments", numeric: true, value: (r) => r.paidCount },
      { header: "Gross (₦)", numeric: true, value: (r) => kobo(r.grossKobo) },
      { header: "Refunds", numeric: true, value: (r) => r.refundCount },
      { header: "Refunded (₦)", numeric: true, value: (r) => kobo(r.refundsKobo) },
      { header: "Net (₦)", numeric: true, value: (r) => kobo(r.netKobo) },
    ],
  },
  enrolments: {
    title: "Enrolments by course",
    about: "Course payments made in these 30 days, by course; those refunded since are counted apart.",
    file: "enrolments-by-course",
    empty: "No enrolments in these 30 days.",
    rows: (f) => f.enrolments,
    columns: [
      { header: "Course", value: (r) => r.title },
      { header: "Enrolments", numeric: true, value: (r) => r.enrolments },
      { header: "Refunded", numeric: true, value: (r) => r.refunded },
      { header: "Kept", numeric: true, value: (r) => r.enrolments - r.refunded },
      { header: "Net revenue (₦)", numeric: true, value: (r) => kobo(r.grossKobo - r.refundedKobo) },
    ],
  },
  tickets: {
    title: "Tickets by event",
    about: "Tickets paid in these 30 days, by event (a purchase of 2 VIP tickets counts 2); refunded ones apart.",
    file: "tickets-by-event",
    empty: "No tickets sold in these 30 days.",
    rows: (f) => f.tickets,
    columns: [
      { header: "Event", value: (r) => r.name },
      { header: "Orders", numeric: true, value: (r) => r.orders },
      { header: "Tickets", numeric: true, value: (r) => r.tickets },
      { header: "Refunded", numeric: true, value: (r) => r.refundedTickets },
      { header: "Net revenue (₦)", numeric: true, value: (r) => kobo(r.grossKobo - r.refundedKobo) },
    ],
  },
  coupons: {
    title: "Coupon use",
    about:
      "Each coupon's uses recorded in these 30 days, the paid ones, those refunded since, and the coupon discount the paid ones gave (price after discount less amount paid; decision 059).",
    file: "coupon-use",
    empty: "No coupons used in these 30 days.",
    rows: (f) => f.coupons,
    columns: [
      { header: "Code", value: (r) => r.code },
      { header: "Uses", numeric: true, value: (r) => r.uses },
      { header: "Paid", numeric: true, value: (r) => r.paid },
      { header: "Refunded", numeric: true, value: (r) => r.refunded },
      { header: "Coupon discount (₦)", numeric: true, value: (r) => kobo(r.discountKobo) },
    ],
  },
};

export type FigureRow<K extends FigureName> = {
  revenue: RevenueDay;
  enrolments: CourseEnrolments;
  tickets: EventTickets;
  coupons: CouponUse;
}[K];

/** A figure as a table: its headers and its rows of cells, in the order of FIGURE_TABLES. */
export function figureTable(name: FigureName, figures: Figures): { headers: string[]; rows: Cell[][] } {
  const table = FIGURE_TABLES[name] as FigureTable<unknown>;
  return {
    headers: table.columns.map((c) => c.header),
    rows: table.rows(figures).map((row) => table.columns.map((c) => c.value(row))),
  };
}

/** A cell for reading: naira with the sign ("₦12,500.00"), counts with separators. */
export function cellText(cell: Cell): string {
  if (typeof cell === "string") return cell;
  if (typeof cell === "number") return formatCount(cell);
  return formatKobo(cell.kobo);
}

/** The CSV's file name: "revenue-by-day-2026-10-28-to-2026-11-26.csv". */
export function figureFileName(name: FigureName, figures: Pick<Figures, "from" | "to">): string {
  return `${FIGURE_TABLES[name].file}-${figures.from}-to-${figures.to}.csv`;
}

/** The address of a figure's CSV export (an admin page: app/pages.ts). */
export function figureCsvPath(name: FigureName): string {
  return `/admin/figures/${name}.csv`;
}
