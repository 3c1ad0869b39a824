// /admin: the back office's front page. The day's figures (new subscribers, contact requests, users)
// counted from midnight in Lagos, and the totals, from services.users.dashboard; then the last 30 days
// (issue 17 "Figures and exports"; decision 038) from services.figures: revenue by day net of refunds,
// enrolments by course, tickets by event, coupon use, each a table rendered here (readable without
// JavaScript), a chart drawn in the browser once the page has hydrated (uPlot, loaded lazily, on this
// page only), and its CSV export. Above them, when mail is not going out (the SMTP server refuses our
// login, our sender, the connection: decision 050), an alert saying so and what to check.
import { lazy, Suspense, useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { MailAlert } from "../../components/admin/mail-alert.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { chartOf, type ChartSpec } from "../../features/figures/figure-chart-spec.ts";
import {
  FIGURE_NAMES,
  FIGURE_TABLES,
  cellText,
  figureCsvPath,
  figureTable,
  type Cell,
  type FigureName,
  type Figures as LastDays,
} from "../../../contract/admin/figures.ts";
import { formatCount, formatKobo } from "../../../contract/lib/money.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

import { CERTIFICATE_FIGURES, CERTIFICATES_CSV_PATH } from "../../../contract/certificates/certificates.ts";
import { DeclaredTable } from "../../components/admin/detail-screen.tsx";

const FigureChart = lazy(() => import("../../features/figures/figure-chart.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const now = new Date();
  const [figures, lastDays, health, certificates] = await Promise.all([
    ctx.services.users.dashboard(actor, now),
    ctx.services.figures.last30Days(actor, now),
    ctx.services.outbox.health(actor),
    // issue 32: completions and certificates per course
    ctx.services.certificates.figures(actor),
  ]);
  const mail = health.failing
    ? {
        error: health.error,
        waiting: health.waiting,
        lastFailure: formatLagosDateTime(health.lastFailureAt),
        lastFailureIso: health.lastFailureAt.toISOString(),
      }
    : null;
  return { figures, lastDays, mail, certificates, asOf: formatLagosDateTime(now), asOfIso: now.toISOString() };
}

interface Figure {
  label: string;
  value: number;
  to: string;
  linkLabel: string;
}

function Figures({ figures, tone }: { figures: Figure[]; tone: "today" | "total" }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {figures.map((f) => (
        <div
          key={f.label}
          className={`flex min-w-0 flex-col rounded-2xl border p-4 shadow-sm sm:p-5 ${
            tone === "today" ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-white"
          }`}
        >
          <dt className="text-sm font-semibold text-slate-700">{f.label}</dt>
          <dd className="order-first text-3xl font-extrabold tracking-tight text-brand-950 tabular-nums sm:text-4xl">
            {formatCount(f.value)}
          </dd>
          <dd className="mt-3 text-sm">
            <Link to={f.to} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              {f.linkLabel}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart, drawn once the page has hydrated: nothing is rendered for it on the server or without JavaScript. */
function Chart({ spec }: { spec: ChartSpec }) {
  if (!useHydrated()) return null;
  return (
    <div role="img" aria-label={spec.description} className="mt-4 min-h-60 w-full overflow-hidden">
      <Suspense fallback={null}>
        <FigureChart spec={spec} />
      </Suspense>
    </div>
  );
}

type Row = { key: string; cells: Cell[] };

function FigureSection({ name, lastDays }: { name: FigureName; lastDays: LastDays }) {
  const table = FIGURE_TABLES[name];
  const { headers, rows } = useMemo(() => figureTable(name, lastDays), [name, lastDays]);
  const spec = useMemo(() => chartOf(name, lastDays), [name, lastDays]);
  const columns: Column<Row>[] = headers.map((header, i) => ({
    key: String(i),
    header,
    rowHeader: i === 0,
    alignEnd: table.columns[i]?.numeric,
    cell: (row) => {
      const value = row.cells[i]!;
      return <span className={typeof value === "string" ? undefined : "tabular-nums"}>{cellText(value)}</span>;
    },
  }));
  const id = `figure-${name}`;
  const list = (
    <DataTable
      labelledBy={`${id}-title`}
      columns={columns}
      rows={rows.map((cells, i) => ({ key: String(i), cells }))}
      rowKey={(row) => row.key}
      empty={table.empty}
    />
  );
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8" data-figure={name}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {table.title}
        </h3>
        <a
          href={figureCsvPath(name)}
          download
          className="rounded-md font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Download CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">{table.about}</p>
      {rows.length > 0 ? <Chart spec={spec} /> : null}
      {table.folded ? (
        <details className="mt-4">
          <summary className="cursor-pointer rounded-md font-medium text-brand-700 underline-offset-4 hover:underline">
            {table.folded}
          </summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}

function LastThirtyDays({ lastDays }: { lastDays: LastDays }) {
  const { totals } = lastDays;
  const money = [
    {
      label: "Gross revenue",
      value: formatKobo(totals.grossKobo),
      note: `${formatCount(totals.paidCount)} payments`,
    },
    { label: "Refunds", value: formatKobo(totals.refundsKobo), note: `${formatCount(totals.refundCount)} refunded` },
    { label: "Net revenue", value: formatKobo(totals.netKobo), note: "gross less refunds" },
  ];
  return (
    <section aria-labelledby="last-days-title" className="mt-10">
      <h2 id="last-days-title" className="text-xl font-bold text-slate-900">
        Last 30 days
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        From {lastDays.from} to {lastDays.to}, Lagos days; amounts in naira. Refunds are counted apart, on the day they
        were made.
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {money.map((m) => (
          <div
            key={m.label}
            className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm font-semibold text-slate-700">{m.label}</dt>
            <dd className="order-first text-2xl font-extrabold tracking-tight break-words text-brand-950 tabular-nums">
              {m.value}
            </dd>
            <dd className="mt-1 text-sm text-slate-600">{m.note}</dd>
          </div>
        ))}
      </dl>
      {FIGURE_NAMES.map((name) => (
        <FigureSection key={name} name={name} lastDays={lastDays} />
      ))}
    </section>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, lastDays, mail, certificates, asOf, asOfIso } = loaderData;
  const today: Figure[] = [
    {
      label: "New subscribers today",
      value: figures.today.subscribers,
      to: "/admin/newsletter",
      linkLabel: "Subscribers",
    },
    {
      label: "Contact requests today",
      value: figures.today.contacts,
      to: "/admin/contacts",
      linkLabel: "Contact requests",
    },
    { label: "New users today", value: figures.today.users, to: "/admin/users", linkLabel: "Users" },
  ];
  const totals: Figure[] = [
    {
      label: "Subscribers in total",
      value: figures.totals.subscribers,
      to: "/admin/newsletter",
      linkLabel: "Subscribers",
    },
    {
      label: "Contact requests in total",
      value: figures.totals.contacts,
      to: "/admin/contacts",
      linkLabel: "Contact requests",
    },
    { label: "Users in total", value: figures.totals.users, to: "/admin/users", linkLabel: "Users" },
    { label: "Courses in total", value: figures.totals.courses, to: "/pmtalsLink/admin", linkLabel: "Courses" },
  ];
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        lead={
          <>
            Figures as of <time dateTime={asOfIso}>{asOf}</time> (Lagos time).
          </>
        }
      />
      {mail ? <MailAlert mail={mail} /> : null}
      <section aria-labelledby="today-title" className="mt-8">
        <h2 id="today-title" className="text-xl font-bold text-slate-900">
          Today (Lagos time)
        </h2>
        <p className="mt-1 text-sm text-slate-600">Counted from midnight in Lagos (West Africa Time, UTC+1).</p>
        <Figures figures={today} tone="today" />
      </section>
      <section aria-labelledby="totals-title" className="mt-10">
        <h2 id="totals-title" className="text-xl font-bold text-slate-900">
          Totals
        </h2>
        <Figures figures={totals} tone="total" />
      </section>
      <LastThirtyDays lastDays={lastDays} />
      <DeclaredTable
        spec={CERTIFICATE_FIGURES}
        rows={certificates}
        before={
          <a
            href={CERTIFICATES_CSV_PATH}
            download
            className="mt-2 inline-block rounded-md font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Download CSV<span className="sr-only"> of completions and certificates by course</span>
          </a>
        }
      />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Dashboard", matches[0]?.loaderData?.siteName);
}
