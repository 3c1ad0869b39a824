/** A section's kicker, heading and lead paragraph; `tone="dark"` on a dark band. */
export function SectionHeading({
  id,
  kicker,
  title,
  lead,
  align = "center",
  tone = "light",
}: {
  id: string;
  kicker?: string;
  title: React.ReactNode;
  lead?: React.ReactNode;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {kicker && (
        <p className={`text-sm font-semibold tracking-wider uppercase ${dark ? "text-amber-300" : "text-brand-700"}`}>
          {kicker}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${dark ? "text-white" : "text-brand-950"}`}
      >
        {title}
      </h2>
      {lead && <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-brand-50" : "text-slate-600"}`}>{lead}</p>}
    </div>
  );
}
