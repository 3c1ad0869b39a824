// /admin/outbox: every e-mail the academy sent or is about to send (architecture "Mail"), newest first,
// 25 to a page; each opens /admin/outbox/{id}.
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { MailStatus } from "../../components/admin/mail-status.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { readPageNumber } from "../../../contract/lib/paging.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  // 25 to a page, the service's default: only ?page= comes from the address.
  const result = await ctx.services.outbox.list(actor, { page: readPageNumber(url.searchParams) });
  return {
    page: result.page,
    total: result.total,
    pageSize: result.pageSize,
    messages: result.items.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      status: m.status,
      kind: m.kind,
      attempts: m.attempts,
      time: formatLagosDateTime(m.createdAt),
      timeIso: new Date(m.createdAt).toISOString(),
    })),
  };
}

type MessageRow = Route.ComponentProps["loaderData"]["messages"][number];

const COLUMNS: ReadonlyArray<Column<MessageRow>> = [
  {
    key: "subject",
    header: "E-mail",
    rowHeader: true,
    cell: (m) => (
      <div className="min-w-0">
        <Link
          to={`/admin/outbox/${m.id}`}
          className="font-semibold break-words text-brand-800 underline-offset-4 hover:underline"
        >
          {m.subject}
        </Link>
        <p className="mt-0.5 text-sm break-all text-slate-700">
          <span className="font-medium text-slate-600">To:</span> {m.to}
        </p>
      </div>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (m) => (
      <>
        <MailStatus status={m.status} />
        <span className="ml-2 text-slate-600">{m.kind}</span>
      </>
    ),
  },
  {
    key: "time",
    header: "Queued",
    alignEnd: true,
    cell: (m) => (
      <time dateTime={m.timeIso} className="text-slate-700">
        {m.time}
      </time>
    ),
  },
];

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, page, pageSize, total } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Outbox"
        lead="Every e-mail the academy sends, newest first: account e-mails, replies and newsletters. Times are Lagos time."
      />
      <section aria-labelledby="outbox-title" className="mt-8">
        <h2 id="outbox-title" className="text-lg font-bold text-slate-900">
          {total} {total === 1 ? "e-mail" : "e-mails"}
        </h2>
        <DataTable
          labelledBy="outbox-title"
          columns={COLUMNS}
          rows={messages}
          rowKey={(m) => m.id}
          empty={page > 1 ? "There are no e-mails on this page." : "No e-mail has been sent yet."}
          page={{ page, pageSize, total }}
          pager={{
            label: "Outbox pages",
            hrefFor: (p) => (p > 1 ? `/admin/outbox?page=${p}` : "/admin/outbox"),
            previousLabel: "Newer",
            nextLabel: "Older",
          }}
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Outbox", matches[0]?.loaderData?.siteName);
}
