import { Icon } from "./icons.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

export function MissionVision() {
  return (
    <section aria-labelledby="mission-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="mission-title"
          kicker="Why we exist"
          title="Mission and vision"
          lead="Talent is spread evenly across Africa; opportunity is not. We are here to close that gap, one skill at a time."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <article className="rounded-2xl border border-brand-100 bg-brand-50 p-8">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
              <Icon name="target" />
            </span>
            <h3 className="mt-5 text-2xl font-bold text-slate-900">Our mission</h3>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">
              To equip young Africans with practical, job-ready tech skills through affordable, mentor-led learning that
              works on any phone or laptop, on any data plan, priced in naira.
            </p>
          </article>
          <article className="rounded-2xl bg-brand-800 p-8 text-white">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-accent-500 text-slate-950">
              <Icon name="eye" />
            </span>
            <h3 className="mt-5 text-2xl font-bold">Our vision</h3>
            <p className="mt-3 text-lg leading-relaxed text-brand-50">
              An Africa where every curious mind can build software, design brands, secure systems and tell stories on
              screen, and earn a fair living doing it, at home or for the world.
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}
