// Toasts (issue 7 "Lists, one kit": the spec's success and failure messages, e.g. admin §5 'Category
// added successfully!'), on sonner. One <Toaster /> lives in the root layout; its region is a polite
// live region (sonner's <section aria-live="polite">) that exists from the first render, so a toast is
// read out by screen readers as it appears. Toasts need JavaScript: a page that must also work without
// it shows its message in the page when not hydrated (see /admin/users).
import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      duration={6000}
      containerAriaLabel="Notifications"
      toastOptions={{ className: "font-sans text-sm" }}
    />
  );
}

/** Shows a message as a toast: "success" for what was done, "error" for what failed. */
export function toast(message: string, kind: "success" | "error" = "success") {
  if (kind === "error") sonnerToast.error(message);
  else sonnerToast.success(message);
}

/**
 * Shows an action's answer as a toast once per answer: pass the action data (a new object for each
 * answer, even with the same text) and the message to show, or null for none.
 */
export function useToast(answer: unknown, message: string | null | undefined, kind: "success" | "error" = "success") {
  useEffect(() => {
    if (answer && message) toast(message, kind);
    // one toast per answer object: the message and kind come with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}
