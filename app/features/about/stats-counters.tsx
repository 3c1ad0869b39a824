import { useEffect, useRef, useState } from "react";

// spec public-area §9: "Counters: 2 seconds, targets 100, 150 and 95 percent, threshold 0.5 of visibility."
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_THRESHOLD = 0.5;

const STATS = [
  { target: 100, suffix: "+", label: "Learners trained" },
  { target: 150, suffix: "+", label: "Courses and lessons" },
  { target: 95, suffix: "%", label: "Learner satisfaction" },
] as const;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counters that count up once they are half in view. The server HTML (and a browser without JavaScript)
 * shows the final numbers; after hydration, counters that are not yet in view go to 0 and animate when
 * seen. Reduced motion keeps the final numbers.
 */
export function StatsCounters() {
  const ref = useRef<HTMLDivElement>(null);
  // 1 = the final values, so that the first client render matches the server's HTML.
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;

    let frame = 0;
    let first = true;
    const animate = () => {
      let start: number | null = null;
      const step = (now: number) => {
        start ??= now;
        const t = Math.min(1, (now - start) / COUNTER_DURATION_MS);
        setProgress(t);
        if (t < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const halfVisible = entry.isIntersecting && entry.intersectionRatio >= COUNTER_THRESHOLD - 0.01;
        if (first) {
          first = false;
          // Already on screen when the page woke up: the visitor has seen the numbers, keep them.
          if (halfVisible) return observer.disconnect();
          setProgress(0);
          return;
        }
        if (halfVisible) {
          observer.disconnect();
          animate();
        }
      },
      { threshold: COUNTER_THRESHOLD },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  const eased = easeOutCubic(progress);
  return (
    <section
      aria-labelledby="stats-title"
      className="bg-linear-to-br from-brand-700 to-brand-800 py-16 text-white sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl">
          Our impact so far
        </h2>
        <div ref={ref} className="mt-10 grid grid-cols-3 gap-3 sm:gap-8">
          {STATS.map((s) => {
            const value = Math.round(s.target * eased);
            return (
              <div
                key={s.label}
                className="rounded-2xl bg-white/10 px-2 py-6 text-center ring-1 ring-white/20 sm:px-6 sm:py-8"
              >
                {/* The moving number is hidden from screen readers; they read the final value below. */}
                <p
                  aria-hidden="true"
                  data-testid="counter"
                  className="text-3xl font-extrabold tabular-nums sm:text-5xl"
                >
                  {value}
                  {s.suffix}
                </p>
                <p className="sr-only">
                  {s.target}
                  {s.suffix} {s.label}
                </p>
                <p aria-hidden="true" className="mt-2 text-sm font-medium text-brand-50 sm:text-base">
                  {s.label}
                </p>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
