import { Link } from "react-router";
import { Icon } from "./icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const STEPS = [
  "Complete every lesson and live session of your course",
  "Pass the module quizzes",
  "Submit a final project reviewed by a mentor",
  "Receive a certificate with a unique ID anyone can check",
] as const;

export function Certification({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="certification-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <SectionHeading
            id="certification-title"
            kicker="Certification"
            title="A certificate that proves what you can do"
            lead="Our certificates are earned with real projects, not just attendance, so employers and clients know the work behind them."
            align="left"
          />
          <ol className="mt-8 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step} className="flex items-start gap-4">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <span className="pt-1 text-slate-700">{step}</span>
              </li>
            ))}
          </ol>
          <Link
            to="/courses"
            className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white transition hover:bg-brand-800"
          >
            Find your course
          </Link>
        </div>

        {/* An illustration of the certificate, drawn in HTML: no image to download. */}
        <figure
          aria-hidden="true"
          className="relative mx-auto w-full max-w-md rotate-1 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200"
        >
          <div className="rounded-xl border-4 border-double border-brand-700 px-6 py-8 text-center">
            <p className="text-xs font-bold uppercase tracking-[0.3em] text-brand-700">{siteName || "Academy"}</p>
            <p className="mt-4 text-2xl font-extrabold text-slate-900">Certificate of Completion</p>
            <p className="mt-3 text-sm text-slate-600">awarded to</p>
            <p className="mt-1 font-serif text-2xl italic text-slate-900">Your name here</p>
            <p className="mt-3 text-sm text-slate-600">for completing Full-Stack Web Development</p>
            <div className="mt-6 flex items-end justify-between">
              <div className="text-left">
                <div className="h-px w-24 bg-slate-400" />
                <p className="mt-1 text-xs text-slate-600">Head of Curriculum</p>
              </div>
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-accent-500 text-slate-950 ring-4 ring-amber-200">
                <Icon name="award" className="h-8 w-8" />
              </span>
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
