// Toasts (issue 7 "Lists, one kit": the spec's success and failure messages, e.g. admin §5 'Category
// added successfully!'), on sonner. One <Toaster /> lives in the site layout. Its region is a polite
// live region (sonner's <section aria-live="polite">) that exists before the first toast, so toasts are
// read out by screen readers as they appear. Toasts need JavaScript: a page that must also work without
// it shows its message in the page when not hydrated (a message after a redirect: flash-message.tsx).
// spec public-area §4: "Toasts auto-close after 5000 ms at top right." (top right below the header,
// which holds the user menu.)
//
// sonner (~9 KB gzipped) is loaded after hydration, in a chunk of its own: it is not on the home page's
// critical path (its JS budget, docs/architecture "Performance"). A toast asked for before it has
// loaded waits for it.
import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

type Sonner = typeof import("sonner");

let loading: Promise<Sonner> | null = null;
const loadSonner = () => (loading ??= import("sonner"));

/** Resolves once the toaster listens: a toast sent before that would be lost. */
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

/**
 * sonner's rich colours, darker: its own green and red text reach about 4.3:1 on their pale
 * backgrounds, under WCAG AA's 4.5:1 (axe flags them). These reach about 6.5:1.
 */
const RICH_COLOURS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--error-text": "hsl(360, 100%, 35%)",
} as React.CSSProperties;

/**
 * Below the site header (h-16, 4rem, sticky at the top): sonner's own offsets (24px, 16px on phones)
 * put toasts over the user menu and the Menu button for their 5 seconds. Right and bottom keep
 * sonner's defaults; a phone's toasts span the width, so only the top moves.
 */
const TOAST_OFFSET = { top: "calc(4rem + 16px)" };
const TOAST_MOBILE_OFFSET = { top: "calc(4rem + 12px)" };

const LazyToaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await loadSonner();
  return {
    default: function LoadedToaster() {
      return (
        <>
          <SonnerToaster
            position="top-right"
            richColors
            closeButton
            duration={5000}
            offset={TOAST_OFFSET}
            mobileOffset={TOAST_MOBILE_OFFSET}
            containerAriaLabel="Notifications"
            toastOptions={{ className: "font-sans text-sm" }}
            style={RICH_COLOURS}
          />
          <Ready />
        </>
      );
    },
  };
});

export function Toaster() {
  // Rendered on the client only, once hydrated: nothing of it in the server HTML or the page's first JS.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** Shows a message as a toast: "success" for what was done, "error" for what failed. */
export function toast(message: string, kind: "success" | "error" = "success"): Promise<void> {
  return Promise.all([loadSonner(), ready]).then(([{ toast: show }]) => {
    if (kind === "error") show.error(message);
    else show.success(message);
  });
}

/**
 * Shows an action's answer as a toast once per answer: pass the action data (a new object for each
 * answer, even with the same text) and the message to show, or null for none.
 */
export function useToast(answer: unknown, message: string | null | undefined, kind: "success" | "error" = "success") {
  useEffect(() => {
    if (answer && message) void toast(message, kind);
    // one toast per answer object: the message and kind come with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
