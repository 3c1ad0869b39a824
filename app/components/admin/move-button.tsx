// Move a row one place up or down: a small POST form, so the keyboard and a page without JavaScript move it
// as a mouse does (the home page's lists, a course's chapters and lessons). Its fields say what moves;
// the first row's Up and the last row's Down are disabled.
import { Form } from "react-router";
import { buttonClass } from "../ui/button.tsx";

export function MoveButton({
  fields,
  direction,
  label,
  disabled,
  busy,
}: {
  /** the post's hidden fields besides `direction` (intent, id, …) */
  fields: Record<string, string>;
  direction: "up" | "down";
  /** the row's name: the button is "Move {label} up" */
  label: string;
  disabled: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-label={`Move ${label} ${direction}`}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        className={buttonClass(
          "ghost",
          "sm",
          "border border-slate-300 disabled:cursor-not-allowed disabled:opacity-40",
        )}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only sm:not-sr-only sm:ml-1">{direction === "up" ? "Up" : "Down"}</span>
      </button>
    </Form>
  );
}
