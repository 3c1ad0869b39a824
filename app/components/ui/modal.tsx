import { useEffect, useRef } from "react";

/**
 * The site's modal dialog, on the native <dialog> opened with showModal(): the browser keeps focus
 * inside and makes the page behind inert; Escape and a click on the backdrop close it. Mount it while
 * open. Focus goes to the element marked data-autofocus (else the first focusable one) and back to
 * what had it when the dialog closes.
 *
 * frame "panel" (default) is the white box; "bare" is a transparent frame whose children are the box
 * and scroll themselves (a scrollbar on the dialog would count as backdrop), as the photo zoom needs.
 */
const FRAMES = {
  panel:
    "max-h-[calc(100dvh-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white text-slate-900 shadow-2xl backdrop:bg-slate-950/70",
  bare: "max-h-none overflow-visible bg-transparent backdrop:bg-slate-950/75",
};

export function Modal({
  labelledBy,
  describedBy,
  onClose,
  frame = "panel",
  role,
  className = "",
  children,
}: {
  /** id of the element that names the dialog */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  frame?: "panel" | "bare";
  /** "alertdialog" for a message that needs the user's acknowledgement (a payment's outcome) */
  role?: "alertdialog";
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();

    // The panel fills the <dialog>: a click on the <dialog> itself landed on the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    // A close event queued by an earlier close() (React's StrictMode re-runs this effect) must not
    // close the dialog that is open again now.
    const onNativeClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      root.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`m-auto w-[calc(100%-2rem)] p-0 ${FRAMES[frame]} ${className}`}
    >
      {children}
    </dialog>
  );
}
