/** The showcase page's opening: what a showcase is, how long it runs and when the stream link arrives. */
export function ShowcaseIntro() {
  return (
    <section aria-labelledby="showcase-title" className="relative isolate overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-br from-brand-800 via-brand-700 to-slate-900"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_80%_20%,rgba(245,158,11,0.3),transparent_45%)]"
      />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-bold uppercase tracking-widest text-amber-300">Live and streamed</p>
        <h1
          id="showcase-title"
          className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          Talent Showcase
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-50">
          Watch our learners present the apps, brands, security defences and films they built, cheer them on and meet
          the people who hire them.
        </p>
        <p className="mt-4 max-w-2xl text-lg font-semibold text-white">
          Showcase runs 120 minutes; ticket holders get a streaming link 24 hours before.
        </p>
        <ul className="mt-8 flex flex-wrap gap-3 text-sm font-semibold">
          <li className="rounded-full bg-white/10 px-4 py-2 ring-1 ring-white/25">120 minutes, live</li>
          <li className="rounded-full bg-white/10 px-4 py-2 ring-1 ring-white/25">
            Streaming link by e-mail 24 hours before
          </li>
          <li className="rounded-full bg-white/10 px-4 py-2 ring-1 ring-white/25">
            Standard and VIP (with Q&amp;A) tickets
          </li>
        </ul>
      </div>
    </section>
  );
}
