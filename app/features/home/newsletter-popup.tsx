import { useCallback, useEffect, useState } from "react";
import { lazyModal } from "../../lib/lazy-modal.tsx";

// spec public-area §4, §8, §9
const VISITED_KEY = "visited";

// The dialog's code (its form kit and modal) is fetched only when it opens, on a first visit: a
// returning visitor's home page does without it (decision 042).
const { LazyModal: LazyNewsletterDialog } = lazyModal(() =>
  import("./newsletter-dialog.tsx").then((m) => m.NewsletterDialog),
);
/**
 * The first-visit newsletter pop-up. Local storage is read in an effect only, so the server HTML
 * never depends on it (architecture "Caching").
 */
export function NewsletterPopup() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let firstVisit = false;
    try {
      firstVisit = localStorage.getItem(VISITED_KEY) === null;
      if (firstVisit) localStorage.setItem(VISITED_KEY, "true");
    } catch {
      // storage blocked: treat as a returning visitor rather than nag on every page view
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- local storage exists only after hydration
    if (firstVisit) setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return <LazyNewsletterDialog onClose={close} />;
}
