/** The kicker, heading and lead paragraph that open each about-page section. */
export function SectionHeading({
  id,
  kicker,
  title,
  lead,
  align = "center",
  tone = "light",
}: {
  id: string;
  kicker: string;
  title: string;
  lead?: string;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  const centered = align === "center";
  return (
    <div className={centered ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p
        className={`text-sm font-bold uppercase tracking-widest ${tone === "dark" ? "text-amber-300" : "text-brand-700"}`}
      >
        {kicker}
      </p>
      <h2
        id={id}
        className={`mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${tone === "dark" ? "text-white" : "text-slate-900"}`}
      >
        {title}
      </h2>
      {lead ? (
        <p className={`mt-4 text-lg leading-relaxed ${tone === "dark" ? "text-brand-50" : "text-slate-600"}`}>{lead}</p>
      ) : null}
    </div>
  );
}
