// A message about a whole form or page (the form kit's, ./form.tsx, re-exports it): errors are alerts, the
// rest status messages, both live regions, so a screen reader announces them when they appear after a
// submit. A module of its own so a page that shows a notice without the rest of the form kit (the lesson
// page's quiz) loads only this.
import { useEffect, useRef } from "react";

export type NoticeTone = "success" | "error" | "info";

const toneClass: Record<NoticeTone, string> = {
  success: "border-green-200 bg-green-50",
  error: "border-red-200 bg-red-50",
  info: "border-brand-200 bg-brand-50",
};

const toneText: Record<NoticeTone, string> = {
  success: "text-green-900",
  error: "text-red-900",
  info: "text-brand-950",
};

/**
 * A message about the whole form or page. Errors are alerts, the rest status messages: both live
 * regions, so a screen reader announces them when they appear after a submit. `focus` moves focus to
 * it when it mounts (the keyboard user lands on what changed).
 */
export function Notice({
  tone,
  title,
  children,
  id,
  focus = false,
  className = "rounded-lg border px-4 py-3",
  textClass,
}: {
  tone: NoticeTone;
  title?: string;
  children?: React.ReactNode;
  id?: string;
  focus?: boolean;
  /** the box's shape and spacing */
  className?: string;
  /** the text's colour and weight, when not the tone's own (the contact form's and step-up's are bolder red) */
  textClass?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={`${className} outline-none focus-visible:ring-4 focus-visible:ring-brand-200 ${toneClass[tone]} ${textClass ?? toneText[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1 text-sm" : ""}>{children}</div> : null}
    </div>
  );
}
