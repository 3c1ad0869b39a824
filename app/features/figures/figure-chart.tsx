// A chart of one of the dashboard's figures (decision 038), drawn with uPlot in the browser only: the
// dashboard imports this module lazily once it has hydrated, so uPlot (about 23 KB) loads on /admin
// alone and the server renders the figures' tables, which carry every number. uPlot draws at a fixed
// size (stack-notes): the chart follows its box's width with a ResizeObserver.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount, formatNaira, formatNairaCompact } from "../../../contract/lib/money.ts";
import type { ChartSpec } from "./figure-chart-spec.ts";

const HEIGHT = 240;

/** A label short enough for a phone's axis. */
function short(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

function optionsFor(spec: ChartSpec, width: number): uPlot.Options {
  const n = spec.labels.length;
  const narrow = width < 480;
  // about 7 px a character: a label gets its share of the width, between 6 and 28 characters
  const labelChars = Math.min(28, Math.max(6, Math.floor((width - 60) / Math.max(n, 1) / 7)));
  const bars = uPlot.paths.bars!({ size: [0.7, 48], gap: 1 });
  const yValue = (v: number | null) =>
    v === null ? "" : spec.money ? formatNaira(v, { decimals: 0 }) : formatCount(v);
  return {
    width,
    height: HEIGHT,
    // the chart repeats the table below it: its legend is the values of the point under the pointer
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [-0.5, n - 0.5] },
      y: {
        range: (_u, min, max) => {
          const low = Math.min(0, min);
          const high = Math.max(max, low + 1);
          return [low, high + (high - low) * 0.08];
        },
      },
    },
    axes: [
      {
        space: narrow ? 44 : 60,
        incrs: [1, 2, 3, 5, 7, 10, 14, 15, 20, 30],
        values: (_u, splits) =>
          splits.map((i) =>
            Number.isInteger(i) && spec.labels[i] !== undefined ? short(spec.axisLabel(i), labelChars) : "",
          ),
        grid: { show: false },
      },
      {
        size: spec.money ? (narrow ? 56 : 72) : 40,
        // counts: whole steps only (no "1, 1, 2, 2" from rounded halves)
        ...(spec.money ? {} : { incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000] }),
        values: (_u, splits) => splits.map((v) => (spec.money ? formatNairaCompact(v) : formatCount(v))),
      },
    ],
    series: [
      { label: spec.xTitle, value: (_u, i) => (i === null || spec.labels[i] === undefined ? "" : spec.labels[i]) },
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: s.kind === "line" ? 2 : 0,
        fill: s.kind === "bars" ? s.color : undefined,
        paths: s.kind === "bars" ? bars : undefined,
        points: { show: s.kind === "line" && n < 3 },
        value: (_u: uPlot, v: number | null) => yValue(v),
      })),
    ],
  };
}

export default function FigureChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [spec.labels.map((_, i) => i), ...spec.series.map((s) => s.values)];
    const width = () => Math.max(200, Math.floor(element.clientWidth));
    // The legend shows the newest day's values until the pointer picks another, and again when it leaves:
    // never a label with nothing after it ("Gross:", issue 29).
    const last = spec.labels.length - 1;
    const options = optionsFor(spec, width());
    const newestWhenNone = (u: uPlot) => {
      if (last >= 0 && (u.legend.idx === null || u.legend.idx === undefined)) u.setLegend({ idx: last }, false);
    };
    options.hooks = { ...options.hooks, setLegend: [...(options.hooks?.setLegend ?? []), newestWhenNone] };
    const plot = new uPlot(options, data, element);
    newestWhenNone(plot);
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [spec]);
  return <div ref={box} className="figure-chart w-full" data-chart-ready="" />;
}
