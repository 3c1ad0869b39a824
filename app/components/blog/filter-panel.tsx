import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { BlogIcon } from "./blog-icons.tsx";

const PANEL_ID = "post-filters";

const toggleClass =
  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 lg:hidden";

/**
 * spec public-area §2 "On small screens the side panel is hidden behind a toggle labelled 'Filter or
 * Search' / 'Close'". Wide screens (lg) always show the panel. Before JavaScript the toggle is a
 * <details> (it opens without it; app.css shows its content on wide screens whatever its state); once
 * hydrated, a button with aria-expanded (Escape closes it and returns focus to it). (Not
 * lib/use-disclosure.ts: importing it here moves it out of the root chunk into a chunk of its own, which
 * costs the home page's JavaScript budget about 150 bytes.)
 */
export function FilterPanel({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  if (!hydrated) {
    return (
      <details className="filter-panel">
        <summary className={`${toggleClass} list-none [&::-webkit-details-marker]:hidden`}>
          <BlogIcon name="filter" />
          Filter or Search
        </summary>
        <div id={PANEL_ID} className="mt-4 lg:mt-0">
          {children}
        </div>
      </details>
    );
  }
  return (
    <div>
      <button
        ref={buttonRef}
        type="button"
        className={toggleClass}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((o) => !o)}
      >
        <BlogIcon name={open ? "close" : "filter"} />
        {open ? "Close" : "Filter or Search"}
      </button>
      <div id={PANEL_ID} className={open ? "mt-4 lg:mt-0" : "hidden lg:block"}>
        {children}
      </div>
    </div>
  );
}
