// /admin/outbox: every e-mail the academy sent or is about to send (architecture "Mail"), newest first,
// 25 to a page; each opens /admin/outbox/{id}.
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDateTime } from "../../lib/lagos-time.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { MailStatus } from "../../components/admin/mail-status.tsx";
import { Pager, pageParam } from "../../components/admin/pager.tsx";

const OUTBOX_PAGE_SIZE = 25;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const page = pageParam(url);
  const { items, total } = await ctx.services.outbox.list(actor, {
    limit: OUTBOX_PAGE_SIZE,
    offset: (page - 1) * OUTBOX_PAGE_SIZE,
  });
  return {
    page,
    total,
    pageSize: OUTBOX_PAGE_SIZE,
    messages: items.map((m) => ({
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
        {messages.length === 0 ? (
          <p className="mt-4 text-slate-700">
            {page > 1 ? "There are no e-mails on this page." : "No e-mail has been sent yet."}
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {messages.map((m) => (
              <li
                key={m.id}
                className="relative grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:border-brand-700 hover:border-brand-300 md:grid-cols-[minmax(0,1fr)_auto_11rem] md:items-center md:gap-6"
              >
                <div className="min-w-0">
                  <Link
                    to={`/admin/outbox/${m.id}`}
                    className="font-semibold break-words text-brand-800 underline-offset-4 after:absolute after:inset-0 hover:underline"
                  >
                    {m.subject}
                  </Link>
                  <p className="mt-0.5 text-sm break-all text-slate-700">
                    <span className="font-medium text-slate-600">To:</span> {m.to}
                  </p>
                </div>
                <p className="text-sm">
                  <span className="sr-only">Status: </span>
                  <MailStatus status={m.status} />
                  <span className="ml-2 text-slate-600">{m.kind}</span>
                </p>
                <p className="text-sm text-slate-700 md:text-right">
                  <time dateTime={m.timeIso}>{m.time}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Outbox pages"
          page={page}
          pageSize={pageSize}
          total={total}
          hrefFor={(p) => (p > 1 ? `/admin/outbox?page=${p}` : "/admin/outbox")}
          previousLabel="Newer"
          nextLabel="Older"
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Outbox", matches[0]?.loaderData?.siteName);
}
