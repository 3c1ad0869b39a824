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

/** A detail page's figures as cards: each its label, its value large, and a note under it. */
export function FigureCards({
  figures,
  className = "sm:grid-cols-3",
}: {
  figures: ReadonlyArray<{ label: string; value: string; note: string }>;
  /** the grid's columns */
  className?: string;
}) {
  return (
    <dl className={`mt-3 grid gap-4 ${className}`}>
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-semibold text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-brand-950">{figure.value}</dd>
          <dd className="text-sm text-slate-600">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}
