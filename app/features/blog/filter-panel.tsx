import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { BlogIcon } from "./blog-icons.tsx";

const PANEL_ID = "post-filters";

const toggleClass =
  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 lg:hidden";

/**
 * spec public-area §2 "On small screens the side panel is hidden behind a toggle labelled 'Filter or
 * Search' / 'Close'". Wide screens (lg) always show the panel. Before JavaScript the toggle is a
 * <details> (it opens without it; app.css shows its content on wide screens whatever its state), whose
 * label follows its state through CSS (group-open); once hydrated, a button with aria-expanded (Escape
 * closes it and returns focus to it). A search, a sort or a category chosen in the open panel closes it,
 * so that the new results are not pushed below a phone's screen. (Not lib/use-disclosure.ts: importing
 * it here moves it out of the root chunk into a chunk of its own, which costs the home page's
 * JavaScript budget about 150 bytes.)
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

  /**
   * A form sent or a link followed inside the open panel: close it, and give focus (which was inside
   * the panel being hidden) to the toggle, right above the results.
   */
  const closeOnChoice = (event: React.SyntheticEvent) => {
    if (!open) return;
    if (event.type === "click") {
      const click = event as React.MouseEvent;
      // a link opened in another tab or window leaves this page as it is
      if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
      if (!(event.target as Element).closest("a[href]")) return;
    }
    setOpen(false);
    buttonRef.current?.focus();
  };

  if (!hydrated) {
    return (
      <details className="filter-panel group">
        <summary className={`${toggleClass} list-none [&::-webkit-details-marker]:hidden`}>
          <span className="inline-flex items-center gap-2 group-open:hidden">
            <BlogIcon name="filter" />
            Filter or Search
          </span>
          <span className="hidden items-center gap-2 group-open:inline-flex">
            <BlogIcon name="close" />
            Close
          </span>
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
      {/* capture: the forms and links inside handle (and prevent) these events themselves */}
      <div
        id={PANEL_ID}
        className={open ? "mt-4 lg:mt-0" : "hidden lg:block"}
        onSubmitCapture={closeOnChoice}
        onClickCapture={closeOnChoice}
      >
        {children}
      </div>
    </div>
  );
}
