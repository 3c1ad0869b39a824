// /admin: the back office's front page. The day's figures (new subscribers, contact requests, users)
// counted from midnight in Lagos, and the totals, from services.users.dashboard.
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDateTime } from "../../../contract/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const now = new Date();
  const figures = await ctx.services.users.dashboard(actor, now);
  return { figures, asOf: formatLagosDateTime(now), asOfIso: now.toISOString() };
}

const number = new Intl.NumberFormat("en-NG");

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
            {number.format(f.value)}
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

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, asOf, asOfIso } = loaderData;
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
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Dashboard", matches[0]?.loaderData?.siteName);
}
