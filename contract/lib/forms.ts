// What every page form says when its request itself is wrong (app/lib/forms.server.ts), before any
// schema runs. No zod here: the browser may import these texts without the schema library.

export const FORM_MESSAGES = {
  /** a body that is not a form or a JSON object (a text body, an empty one, a broken multipart) */
  unreadable: "The form could not be read. Please send it from the page again.",
  /** PostgreSQL refuses "\0" in text: the field is refused before anything is stored or looked up */
  nul: (label: string) => `${label} must not contain a NUL character (\\0).`,
  /** a NUL byte in a field the form does not show (a hidden one) */
  nulForm: "The form contains a NUL character (\\0). Please remove it and try again.",
};

/** True when the text holds a NUL character, which no field of this site accepts. */
export function hasNul(text: string): boolean {
  return text.includes("\0");
}
