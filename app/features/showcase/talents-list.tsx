import type { Talent } from "../../../contract/showcase/events.ts";
import { MediaImage } from "../../components/ui/media-image.tsx";

/** The talents list (spec public-area §2 "Showcase"): photo, name and role. */
export function TalentsList({ talents }: { talents: Talent[] }) {
  return (
    <section aria-labelledby="talents-title" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-widest text-brand-700">On stage</p>
          <h2 id="talents-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Meet the talents
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Learners and graduates presenting their apps, brands, defences and films at our showcases.
          </p>
        </div>
        {talents.length === 0 ? (
          <p className="mt-10 text-center text-slate-600">The line-up will be announced soon.</p>
        ) : (
          <ul className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4">
            {talents.map((t) => (
              <li key={t._id} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 sm:p-6">
                <MediaImage
                  src={t.photo}
                  alt={`Portrait of ${t.name}`}
                  width={128}
                  height={128}
                  className="mx-auto h-24 w-24 rounded-full bg-brand-100 object-cover ring-4 ring-brand-50 sm:h-32 sm:w-32"
                />
                <h3 className="mt-4 font-bold text-slate-900">{t.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{t.role}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
