// A modal's code loaded only when needed (the pages' JS budget: architecture "Performance"; decision
// 042): the page's first JS holds a small stand-in; the modal's chunk is fetched when someone shows the
// intent to open it — a pointer over, a touch on or the focus in a button marked `data-opens-dialog` —
// and at the click at the latest. Nobody who does not reach for a dialog pays for its code (it was
// fetched once the browser was idle: about 19 KB gzipped on every visit to /, /courses and /showcase).
import { lazy, Suspense, useEffect, type ComponentType } from "react";

/** The attribute that marks a button opening a lazily loaded dialog: `{...{ [OPENS_DIALOG]: "" }}` or `data-opens-dialog`. */
export const OPENS_DIALOG = "data-opens-dialog";

export function lazyModal<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load());
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function LazyModal(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  /** Fetches the modal's code when someone reaches for a `data-opens-dialog` button. */
  function usePreload() {
    useEffect(() => {
      const events = ["pointerover", "touchstart", "focusin"] as const;
      const onIntent = (event: Event) => {
        if (!(event.target instanceof Element) || !event.target.closest(`[${OPENS_DIALOG}]`)) return;
        for (const type of events) document.removeEventListener(type, onIntent, true);
        void preload().catch(() => (loading = null));
      };
      for (const type of events) document.addEventListener(type, onIntent, { capture: true, passive: true });
      return () => {
        for (const type of events) document.removeEventListener(type, onIntent, true);
      };
    }, []);
  }
  return { LazyModal, usePreload };
}
