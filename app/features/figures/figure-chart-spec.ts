// What the dashboard's charts draw, built from the figures the loader read (decision 038). Plain data
// and types, no uPlot: the dashboard imports this up front and the chart module (figure-chart.tsx) lazily.
import { koboToNaira } from "../../../contract/lib/money.ts";
import type { FigureName, Figures } from "../../../contract/admin/figures.ts";

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  kind: "bars" | "line";
}

export interface ChartSpec {
  /** what the x axis counts ("Day", "Course") */
  xTitle: string;
  /** one label a point (the legend's) */
  labels: string[];
  /** the axis's shorter label of point i */
  axisLabel: (i: number) => string;
  series: ChartSeries[];
  /** amounts in naira (else counts) */
  money: boolean;
  /** what the chart shows, for screen readers (the table below holds the numbers) */
  description: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-26" → "26 Nov" */
export function dayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? ""}`;
}

const COLORS = { gross: "#1d5fd1", refunds: "#dc2626", net: "#0b1d3d", kept: "#0f766e" };

export function chartOf(name: FigureName, figures: Figures): ChartSpec {
  switch (name) {
    case "revenue": {
      const labels = figures.revenue.map((d) => d.day);
      return {
        xTitle: "Day",
        labels,
        axisLabel: (i) => dayLabel(labels[i] ?? ""),
        money: true,
        description:
          "Chart of the revenue of each of the last 30 days: gross as bars, refunds as bars below zero, net as a line.",
        series: [
          {
            label: "Gross",
            kind: "bars",
            color: COLORS.gross,
            values: figures.revenue.map((d) => koboToNaira(d.grossKobo)),
          },
          {
            label: "Refunds",
            kind: "bars",
            color: COLORS.refunds,
            values: figures.revenue.map((d) => -koboToNaira(d.refundsKobo)),
          },
          { label: "Net", kind: "line", color: COLORS.net, values: figures.revenue.map((d) => koboToNaira(d.netKobo)) },
        ],
      };
    }
    case "enrolments": {
      const labels = figures.enrolments.map((c) => c.title);
      return {
        xTitle: "Course",
        labels,
        axisLabel: (i) => labels[i] ?? "",
        money: false,
        description: "Bar chart of the enrolments kept of each course in the last 30 days.",
        series: [
          {
            label: "Kept",
            kind: "bars",
            color: COLORS.kept,
            values: figures.enrolments.map((c) => c.enrolments - c.refunded),
          },
        ],
      };
    }
    case "tickets": {
      const labels = figures.tickets.map((e) => e.name);
      return {
        xTitle: "Event",
        labels,
        axisLabel: (i) => labels[i] ?? "",
        money: false,
        description: "Bar chart of the tickets kept of each event in the last 30 days.",
        series: [
          {
            label: "Tickets kept",
            kind: "bars",
            color: COLORS.kept,
            values: figures.tickets.map((e) => e.tickets - e.refundedTickets),
          },
        ],
      };
    }
    case "coupons": {
      const labels = figures.coupons.map((c) => c.code);
      return {
        xTitle: "Code",
        labels,
        axisLabel: (i) => labels[i] ?? "",
        money: false,
        description: "Bar chart of each coupon's uses in the last 30 days.",
        series: [{ label: "Uses", kind: "bars", color: COLORS.gross, values: figures.coupons.map((c) => c.uses) }],
      };
    }
  }
}
