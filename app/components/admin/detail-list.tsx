// The label-and-value rows of an admin detail page (an e-mail of the outbox, a course): a <dl> whose
// rows stand side by side from small screens up and stacked on phones.

/** One row of a detail page's <dl>: its label and its value. */
export function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
