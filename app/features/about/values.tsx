import { Icon, type IconName } from "./icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const VALUES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "door",
    title: "Access for all",
    text: "Fair prices in naira, lessons that work on low data, and support for learners wherever they live.",
  },
  {
    icon: "people",
    title: "Ubuntu: we rise together",
    text: "I am because we are. Learners help learners, and graduates come back to mentor the next cohort.",
  },
  {
    icon: "spark",
    title: "Excellence in practice",
    text: "We teach the way the industry works, with real briefs, real feedback and standards we would hire for.",
  },
  {
    icon: "shield",
    title: "Integrity",
    text: "Honest prices, honest certificates and honest advice about careers, even when it is not what sells.",
  },
];

export function Values() {
  return (
    <section aria-labelledby="values-title" className="bg-brand-800 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="values-title" kicker="Our values" title="What we stand for" tone="dark" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/15">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-accent-500 text-slate-950">
                <Icon name={v.icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold">{v.title}</h3>
              <p className="mt-2 leading-relaxed text-brand-50">{v.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
