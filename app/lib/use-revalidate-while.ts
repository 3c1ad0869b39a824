// A screen that shows work going on elsewhere (a video being transcoded) reads its loader again every
// few seconds while that work runs, and stops once it is done; a hidden tab waits until it is seen again.
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export function useRevalidateWhile(active: boolean, everyMs = 4000) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = window.setTimeout(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, everyMs);
    return () => window.clearTimeout(timer);
  }, [active, everyMs, revalidate, state]);
}
