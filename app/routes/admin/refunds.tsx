// /admin/refunds (issue 29 "Crash, memory and abuse", beyond the spec; decision 051): every refund not
// settled, the longest waiting first: "Refund pending" with how long it has waited and whether anything
// is working on it (a refund whose process died is stuck until its job or an admin's Retry resumes it),
// and "Refund failed" with the provider's error. Retry resumes a pending one exactly once (the
// provider's refunds are read before asking); a failed one is refunded again (question, step-up).
// Loader and action: app/features/payments/refunds-admin.server.ts.
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/refunds";
import { formatNaira } from "../../../contract/lib/money.ts";
import { REFUND_MESSAGES, REFUND_RETRY_INTENT as RETRY_INTENT, refundAge } from "../../../contract/payments/refunds.ts";
import { loadRefunds, refundsAction } from "../../features/payments/refunds-admin.server.ts";
import { RefundButton, RefundPanel } from "../../features/payments/refund-action.tsx";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

export const loader = (args: Route.LoaderArgs) => loadRefunds(args);
export const action = (args: Route.ActionArgs) => refundsAction(args);

type Row = Route.ComponentProps["loaderData"]["refunds"][number];

function RetryButton({ row }: { row: Row }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === RETRY_INTENT &&
    navigation.formData?.get("reference") === row.reference;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={RETRY_INTENT} />
      <input type="hidden" name="reference" value={row.reference} />
      <button
        type="submit"
        aria-label={`Retry the refund of ${row.reference}: ${row.email}`}
        aria-disabled={busy || undefined}
        className={buttonClass("ghost", "sm", "border border-amber-400 text-amber-900 hover:bg-amber-50")}
      >
        {busy ? "Working…" : "Retry"}
      </button>
    </Form>
  );
}

const COLUMNS: ReadonlyArray<Column<Row>> = [
  {
    key: "payment",
    header: "Payment",
    rowHeader: true,
    cell: (r) => (
      <div className="min-w-0">
        <Link
          to={r.kind === "course" ? `/admin/course/${r.itemId}` : `/admin/event/${r.itemId}`}
          className="font-semibold break-all text-brand-800 underline-offset-4 hover:underline"
        >
          {r.reference}
        </Link>
        <p className="mt-0.5 text-sm break-all text-slate-700">
          {r.kind === "course" ? "Course" : "Ticket"} · {r.email}
        </p>
      </div>
    ),
  },
  { key: "amount", header: "Amount", alignEnd: true, cell: (r) => formatNaira(r.amount, { decimals: 2 }) },
  {
    key: "status",
    header: "Status",
    cell: (r) => (
      <div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            r.status === "refund_pending" ? "bg-amber-100 text-amber-900" : "bg-red-100 text-red-900"
          }`}
        >
          {r.status === "refund_pending" ? "Refund pending" : "Refund failed"}
        </span>
        <p className="mt-1 text-sm text-slate-700">
          {r.status === "refund_failed"
            ? (r.error ?? REFUND_MESSAGES.failedNote)
            : r.inProgress
              ? REFUND_MESSAGES.working
              : r.refundId
                ? REFUND_MESSAGES.stillProcessing
                : REFUND_MESSAGES.stuck}
        </p>
      </div>
    ),
  },
  {
    key: "age",
    header: "Waiting",
    alignEnd: true,
    cell: (r) => (
      <span>
        <span className="font-semibold">{refundAge(r.ageSeconds)}</span>
        <br />
        <time dateTime={r.since} className="text-sm text-slate-600">
          since {r.sinceText}
        </time>
      </span>
    ),
  },
];

export default function AdminRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const { refunds } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Refunds"
        lead="Refunds not settled yet, the longest waiting first. A pending refund nothing is working on is resumed by itself within a minute or so; Retry resumes it now. Neither asks the payment provider twice. Times are Lagos time."
      />
      <section aria-labelledby="refunds-title" className="mt-8">
        <h2 id="refunds-title" className="text-lg font-bold text-slate-900">
          {refunds.length} {refunds.length === 1 ? "refund" : "refunds"} not settled
        </h2>
        <RefundPanel answer={actionData} cancelTo="/admin/refunds" />
        <DataTable
          labelledBy="refunds-title"
          columns={COLUMNS}
          rows={refunds}
          rowKey={(r) => r.reference}
          empty={REFUND_MESSAGES.none}
          actionsHeader="Actions"
          actions={(r) =>
            r.status === "refund_failed" ? (
              <RefundButton reference={r.reference} paymentState={r.status} buyer={r.email} amount={r.amount} />
            ) : r.inProgress ? null : (
              <RetryButton row={r} />
            )
          }
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Refunds", matches[0]?.loaderData?.siteName);
}
