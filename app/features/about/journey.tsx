import { SectionHeading } from "../../components/ui/section-heading.tsx";

const MILESTONES = [
  {
    year: "2021",
    title: "A weekend class in Yaba",
    text: "We started with one coding class for twelve learners in a shared workspace in Lagos, with borrowed laptops and a generator.",
  },
  {
    year: "2022",
    title: "Design and video join",
    text: "Graphic design and video editing tracks followed, taught by working creatives who hire the people they train.",
  },
  {
    year: "2023",
    title: "Learning goes online",
    text: "Live online cohorts and low-data lessons opened the academy to learners far beyond Lagos.",
  },
  {
    year: "2024",
    title: "Cybersecurity track",
    text: "Hands-on security labs arrived, with mentors from the banks and fintechs that defend West Africa's money.",
  },
  {
    year: "2025",
    title: "Live talent showcases",
    text: "Graduates now present their work to recruiters and the public at our ticketed, streamed showcases.",
  },
] as const;

export function Journey() {
  return (
    <section aria-labelledby="journey-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="journey-title"
          kicker="Our journey"
          title="From one classroom to a continent-wide community"
        />
        <ol className="relative mx-auto mt-12 max-w-3xl border-l-2 border-slate-300 pl-8 sm:pl-10">
          {MILESTONES.map((m) => (
            <li key={m.year} className="relative pb-10 last:pb-0">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.6rem] flex h-5 w-5 items-center justify-center rounded-full bg-white ring-4 ring-brand-700 sm:-left-[3.1rem]"
              />
              <p className="text-sm font-bold tracking-wide text-brand-700">{m.year}</p>
              <h3 className="mt-1 text-xl font-bold text-slate-900">{m.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
