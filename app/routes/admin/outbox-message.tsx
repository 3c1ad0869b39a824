// /admin/outbox/{id}: one e-mail as it was sent, with its status, attempts and last error. The HTML part
// is shown in a sandboxed frame (no scripts, no forms, no navigation of this page; its links open in a new
// tab; a policy of its own loads nothing but images), so a message can never run code in the back office.
import { Link } from "react-router";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import type { Route } from "./+types/outbox-message";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DetailRow } from "../../components/admin/detail-list.tsx";
import { MailStatus } from "../../components/admin/mail-status.tsx";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  // An unknown id: the service's NotFound, a 404 with its message on the admin layout's error page.
  const m = await ctx.services.outbox.get(actor, params.id);
  return {
    id: m.id,
    to: m.to,
    subject: m.subject,
    kind: m.kind,
    status: m.status,
    attempts: m.attempts,
    error: m.error,
    text: m.text,
    html: m.html,
    queuedAt: formatLagosDateTime(m.createdAt),
    queuedAtIso: new Date(m.createdAt).toISOString(),
    sentAt: m.sentAt ? formatLagosDateTime(m.sentAt) : null,
    sentAtIso: m.sentAt ? new Date(m.sentAt).toISOString() : null,
  };
}

/** The frame's own policy: inline styles and images only; nothing else loads, nothing runs. */
const FRAME_POLICY =
  "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'";

function frameDocument(html: string): string {
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><base target="_blank">${html}`;
}

export default function OutboxMessage({ loaderData: m }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/outbox" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>Back to the outbox
        </Link>
      </p>
      <AdminPageHeader title={m.subject} />
      <dl className="mt-4 divide-y divide-slate-200 border-b border-slate-200">
        <DetailRow label="To">
          <span className="break-all">{m.to}</span>
        </DetailRow>
        <DetailRow label="Status">
          <MailStatus status={m.status} />
        </DetailRow>
        <DetailRow label="Attempts">{m.attempts}</DetailRow>
        <DetailRow label="Kind">{m.kind}</DetailRow>
        <DetailRow label="Queued">
          <time dateTime={m.queuedAtIso}>{m.queuedAt}</time> (Lagos time)
        </DetailRow>
        <DetailRow label="Sent">
          {m.sentAt && m.sentAtIso ? (
            <>
              <time dateTime={m.sentAtIso}>{m.sentAt}</time> (Lagos time)
            </>
          ) : (
            "Not yet"
          )}
        </DetailRow>
        <DetailRow label="Error">
          {m.error ? <span className="font-mono text-sm whitespace-pre-wrap text-red-800">{m.error}</span> : "None"}
        </DetailRow>
      </dl>

      <section aria-labelledby="text-title" className="mt-8">
        <h2 id="text-title" className="text-lg font-bold text-slate-900">
          Text
        </h2>
        {m.text ? (
          <pre className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-slate-50 p-4 font-sans text-sm whitespace-pre-wrap break-words text-slate-900">
            {m.text}
          </pre>
        ) : (
          <p className="mt-3 text-slate-700">This e-mail has no text part.</p>
        )}
      </section>

      <section aria-labelledby="html-title" className="mt-8">
        <h2 id="html-title" className="text-lg font-bold text-slate-900">
          HTML
        </h2>
        {m.html ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Shown as the recipient sees it; scripts and forms are switched off, and links open in a new tab.
            </p>
            <iframe
              title={`HTML version of “${m.subject}”`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={frameDocument(m.html)}
              className="mt-3 h-[28rem] w-full rounded-xl border border-slate-200 bg-white"
            />
          </>
        ) : (
          <p className="mt-3 text-slate-700">This e-mail has no HTML part.</p>
        )}
      </section>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(loaderData ? `${loaderData.subject} · Outbox` : "Outbox", matches[0]?.loaderData?.siteName);
}

/** The words of this page's error page (app/components/ui/error-page.tsx). */
export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: { titles: { 404: "E-mail not found" }, back: { to: "/admin/outbox", label: "Back to the outbox" } },
};
