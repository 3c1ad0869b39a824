// /admin/event/{id}, the event admin detail (spec admin-back-office §2 "Event admin detail", §3, §8, §9;
// issue 18; decision 036): the event with its cover and photos, its ticket figures (purchase records,
// sum of quantities, revenue in naira net of refunds, how many are in) and its tickets (e-mail, type,
// quantity, purchased at, checked in; Paid, or Refunded / Refund pending), the door's link, and the link
// back to /admin. A paid ticket can be refunded (decision 035: the row's Refund, the question with an
// optional reason, the password again when old); its row then says Refund pending, then Refunded.
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/event-detail";
import { EVENT_MESSAGES, type EventPurchase } from "../../../contract/showcase/events.ts";
import { formatNaira } from "../../../contract/lib/money.ts";
import { ticketTypeLabel } from "../../../contract/showcase/tickets.ts";
import { eventDetailAction, loadEventDetail } from "../../features/showcase/event-admin.server.ts";
import { RefundButton, RefundPanel } from "../../features/payments/refund-action.tsx";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { DetailRow, FigureCards } from "../../components/admin/detail-list.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";
import { MediaImage } from "../../components/ui/media-image.tsx";
import { FlashNotice } from "../../components/ui/flash-message.tsx";

export const loader = (args: Route.LoaderArgs) => loadEventDetail(args);
export const action = (args: Route.ActionArgs) => eventDetailAction(args);

const NA = EVENT_MESSAGES.missing;
const or = (value: string | null | undefined) => (value && value.trim() ? value : NA);

type Row = EventPurchase & { purchasedAtText: string };

/** A ticket's state: Paid (spec admin §2 "always displayed as Paid"), or what a refund made of it. */
function StatusBadge({ status }: { status: EventPurchase["status"] }) {
  if (status === "refunded") return <Badge tone="red">{EVENT_MESSAGES.refunded}</Badge>;
  if (status === "refund_pending") return <Badge tone="amber">{EVENT_MESSAGES.refundPending}</Badge>;
  return <Badge tone="green">{EVENT_MESSAGES.paid}</Badge>;
}

const COLUMNS: ReadonlyArray<Column<Row>> = [
  {
    key: "email",
    header: "E-mail",
    rowHeader: true,
    cell: (p) => <span className="font-semibold break-all">{p.email}</span>,
  },
  { key: "type", header: "Type", cell: (p) => ticketTypeLabel(p.ticketType) },
  { key: "quantity", header: "Quantity", alignEnd: true, cell: (p) => String(p.quantity) },
  {
    key: "purchasedAt",
    header: "Purchased at",
    alignEnd: true,
    cell: (p) => <time dateTime={p.purchasedAt}>{p.purchasedAtText}</time>,
  },
  { key: "checkedIn", header: "Checked in", alignEnd: true, cell: (p) => `${p.checkedIn} of ${p.quantity}` },
  { key: "status", header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
  { key: "amount", header: "Amount", alignEnd: true, cell: (p) => formatNaira(p.amount, { decimals: 2 }) },
];

/** The buttons of a ticket's row: its Refund while its payment is paid (or its last refund failed). */
function rowActions(p: Row): React.ReactNode {
  return (
    <RefundButton reference={p.paymentReference} paymentState={p.paymentState} buyer={p.email} amount={p.amount} />
  );
}

export default function EventDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { event, stats, purchases } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <>
      <p className="mb-4">
        <Link to="/admin" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>Back to admin
        </Link>
      </p>
      <AdminPageHeader title={event.name} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={`/admin/event/${event._id}/check-in`} className={buttonClass("primary", "md")}>
          Check in at the door
        </Link>
        <Link
          to={`/tickets?edit=${event._id}#events-form-title`}
          className={buttonClass("ghost", "md", "border border-slate-300")}
        >
          Edit event
        </Link>
      </div>

      <section aria-labelledby="event-info-title" className="mt-8">
        <h2 id="event-info-title" className="text-lg font-bold text-slate-900">
          Event
        </h2>
        <div className="mt-3 flex flex-col gap-6 md:flex-row-reverse md:items-start">
          {event.coverPhoto ? (
            <MediaImage
              src={event.coverPhoto}
              alt={`Cover of ${event.name}`}
              width={320}
              height={180}
              className="shrink-0 rounded-xl"
            />
          ) : null}
          <dl className="min-w-0 flex-1 divide-y divide-slate-200 border-y border-slate-200">
            <DetailRow label="ID">
              <code className="text-sm">{event._id}</code>
            </DetailRow>
            <DetailRow label="Name">{event.name}</DetailRow>
            <DetailRow label="Description">
              <span className="whitespace-pre-line">{or(event.description)}</span>
            </DetailRow>
            <DetailRow label="Time">{or(event.time)}</DetailRow>
            <DetailRow label="Starts (Lagos time)">{event.startsText ?? NA}</DetailRow>
            <DetailRow label="Streaming link">
              {event.streamUrl ? <span className="break-all">{event.streamUrl}</span> : NA}
            </DetailRow>
            <DetailRow label="Showcase">
              {event.hidden ? <Badge tone="slate">Hidden</Badge> : <Badge tone="green">Shown</Badge>}
            </DetailRow>
          </dl>
        </div>
        <h3 id="event-photos-title" className="mt-6 font-bold text-slate-900">
          Photos
        </h3>
        {event.photos.length === 0 ? (
          <p className="mt-2 text-slate-600">No photos.</p>
        ) : (
          <ul aria-labelledby="event-photos-title" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {event.photos.map((src, i) => (
              <li key={`${i}:${src}`}>
                <MediaImage
                  src={src}
                  alt={`Photo ${i + 1} of ${event.name}`}
                  width={240}
                  height={135}
                  widths={[240, 480]}
                  sizes="(min-width: 640px) 25vw, 50vw"
                  className="w-full rounded-lg"
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="event-stats-title" className="mt-10">
        <h2 id="event-stats-title" className="text-lg font-bold text-slate-900">
          Ticket statistics
        </h2>
        <FigureCards
          className="sm:grid-cols-2 lg:grid-cols-4"
          figures={[
            { label: "Purchase records", value: String(stats.records), note: "Refunded ones included" },
            { label: "Tickets", value: String(stats.quantity), note: "Sum of quantities, paid" },
            { label: "Revenue", value: formatNaira(stats.revenue, { decimals: 2 }), note: "Net of refunds" },
            { label: "Checked in", value: `${stats.checkedIn} of ${stats.quantity}`, note: "Admitted at the door" },
          ]}
        />
      </section>

      <section id="event-purchases" aria-labelledby="event-purchases-title" className="mt-10 scroll-mt-20">
        <FlashNotice at="event-purchases" />
        <h2 id="event-purchases-title" className="text-lg font-bold text-slate-900">
          Purchases
        </h2>
        <RefundPanel answer={actionData} cancelTo={`${pathname}${search}`} />
        <DataTable
          labelledBy="event-purchases-title"
          columns={COLUMNS}
          rows={purchases}
          rowKey={(p) => p._id}
          empty="No tickets sold yet."
          actionsHeader="Actions"
          actions={rowActions}
        />
      </section>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(`${loaderData?.event.name ?? "Event"} · Events`, matches[0]?.loaderData?.siteName);
}

/** The words of this page's error page (spec admin §8 "Detail pages"; app/components/ui/error-page.tsx). */
export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: EVENT_MESSAGES.notFound, 500: EVENT_MESSAGES.loadFailed },
    back: { to: "/admin", label: "Back to admin" },
  },
};
