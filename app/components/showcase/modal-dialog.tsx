import { useEffect, useRef } from "react";

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and closes on
 * Escape. Mounted while open; clicking the backdrop closes it; focus goes back to what opened it.
 * The children fill the box and scroll themselves (a scrollbar on the dialog would count as backdrop).
 */
export function ModalDialog({
  labelledBy,
  onClose,
  className = "",
  children,
}: {
  labelledBy: string;
  onClose: () => void;
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
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();

    // A click whose target is the <dialog> itself landed on the backdrop (the content fills the box).
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      html.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`m-auto max-h-none w-[calc(100%-2rem)] overflow-visible bg-transparent p-0 backdrop:bg-slate-950/75 ${className}`}
    >
      {children}
    </dialog>
  );
}
