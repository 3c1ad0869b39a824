// A modal's code loaded only when needed (the home page's JS budget: architecture "Performance"): the
// page's first JS holds a small stand-in; the modal's chunk is fetched once the browser is idle after
// hydration, so that it is there by the time someone clicks, and at the click at the latest.
import { lazy, Suspense, useEffect, type ComponentType } from "react";

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
  /** Fetches the modal's code when the browser has nothing better to do. */
  function usePreload() {
    useEffect(() => {
      const start = () => void preload().catch(() => (loading = null));
      if (typeof requestIdleCallback === "function") {
        const id = requestIdleCallback(start, { timeout: 5000 });
        return () => cancelIdleCallback(id);
      }
      const id = setTimeout(start, 2000);
      return () => clearTimeout(id);
    }, []);
  }
  return { LazyModal, usePreload };
}
