/** A section's kicker, heading and lead paragraph. */
export function SectionHeading({
  id,
  kicker,
  title,
  lead,
  align = "center",
}: {
  id: string;
  kicker?: string;
  title: React.ReactNode;
  lead?: React.ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {kicker && <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{kicker}</p>}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-relaxed text-slate-600">{lead}</p>}
    </div>
  );
}
