import { useEffect, useRef, useState } from "react";

/**
 * The open/closed state of a disclosure (the header's menus): Escape closes it and gives focus back
 * to its button; with `closeOnOutside`, a click or focus outside `rootRef` closes it too.
 */
export function useDisclosure({ closeOnOutside = false } = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    if (closeOnOutside) {
      document.addEventListener("pointerdown", onOutside);
      document.addEventListener("focusin", onOutside);
    }
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, closeOnOutside]);

  return { open, setOpen, rootRef, buttonRef };
}
