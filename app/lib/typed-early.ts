// What a person typed before the page's scripts arrived (a slow phone: the page is readable and its
// forms usable seconds before hydration). React's hydration keeps an <input>'s typed value but puts a
// <textarea>'s text and a <select>'s choice back to what the server drew. So the browser's entry notes
// those before hydrating, and once hydrated they are given back through React's own change events
// (a controlled field's state follows). A form that starts again once hydrated (the post writer) reads
// them with `typedEarly`.

const typed = new Map<HTMLTextAreaElement | HTMLSelectElement, string>();

const changed = (el: HTMLTextAreaElement | HTMLSelectElement) =>
  el instanceof HTMLTextAreaElement
    ? el.value !== el.defaultValue
    : !el.multiple && [...el.options].some((o) => o.selected !== o.defaultSelected);

/** Before hydration: notes each text area and select typed into or changed. */
export function noteTypedEarly(doc: Document = document): void {
  for (const el of doc.querySelectorAll<HTMLTextAreaElement | HTMLSelectElement>("textarea, select")) {
    if (changed(el)) typed.set(el, el.value);
  }
}

/** A field's value as the person left it before hydration (its value now, for any other field). */
export function typedEarly(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  return el instanceof HTMLInputElement ? el.value : (typed.get(el) ?? el.value);
}

/** Once hydrated: gives the noted fields still on the page their values back, as a person's change would. */
export function restoreTypedEarly(): void {
  for (const [el, value] of typed) {
    if (!el.isConnected || el.value === value) continue;
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLSelectElement.prototype;
    // (the prototype's setter: React watches the element's own one, and would take this for its own write)
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLTextAreaElement ? "input" : "change", { bubbles: true }));
  }
  typed.clear();
}
