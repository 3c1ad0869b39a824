import { Icon, type IconName } from "./icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "video",
    title: "Live tutoring",
    text: "Weekly live sessions with your instructor, in the evening West Africa Time, recorded in case you miss one.",
  },
  {
    icon: "clock",
    title: "Learn at your own pace",
    text: "Short lessons you can pause and replay, so learning fits around work, school and family.",
  },
  {
    icon: "phone",
    title: "Made for phones and low data",
    text: "Lessons load quickly on a mid-range phone and a modest data bundle; download notes to study offline.",
  },
  {
    icon: "quiz",
    title: "Quizzes and materials",
    text: "Practice quizzes, project briefs and reading materials for every module, written for African contexts.",
  },
  {
    icon: "chart",
    title: "Track your progress",
    text: "See what you have finished and what comes next, and get feedback from mentors on every project.",
  },
  {
    icon: "award",
    title: "Earn a certificate",
    text: "Finish the course and its projects to earn a certificate you can share with employers and clients.",
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          kicker="What you get"
          title="Everything you need to learn, practise and get hired"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li
              key={f.title}
              className="rounded-2xl border border-slate-200 p-6 transition hover:border-brand-600 hover:shadow-md"
            >
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={f.icon} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{f.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
