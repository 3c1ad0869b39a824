// The browser's data saver (issue 20 "Light on data"; decision 042): a request with `Save-Data: on` gets
// smaller pictures and no media that plays by itself. The root loader reads the header and the root
// component hands it down in SaveDataContext: MediaImage asks for half the width (`saveDataSizes`), the
// home carousel does not advance by itself, the about page's background video is left out. Every HTML
// answer and data request therefore varies with the header (`Vary: Save-Data`, app/entry.server.tsx).
import { createContext, useContext } from "react";

/** True when the request carries `Save-Data: on` (the only value the header defines; case and spaces aside). */
export function wantsSaveData(request: Request): boolean {
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** The request's Save-Data, for the components (false outside the app's root, as in unit tests). */
export const SaveDataContext = createContext(false);

export function useSaveData(): boolean {
  return useContext(SaveDataContext);
}

/**
 * `sizes` at half the width: each entry's length `L` becomes `calc(L / 2)` (its media condition kept),
 * so that the browser picks a copy of half the width at any density.
 */
export function saveDataSizes(sizes: string): string {
  return sizes
    .split(",")
    .map((entry) => {
      const trimmed = entry.trim();
      const match = /^(\([^()]*\)(?:\s+(?:and|or)\s+\([^()]*\))*\s+)?(.+)$/.exec(trimmed);
      if (!match) return trimmed;
      return `${match[1] ?? ""}calc(${match[2]} / 2)`;
    })
    .join(", ");
}

/** Adds `Save-Data` to a response's `Vary` (an HTML page or a data request, app/entry.server.tsx). */
export function varyOnSaveData(headers: Headers): void {
  const vary = headers.get("Vary") ?? "";
  if (!/(^|,)\s*(save-data|\*)\s*(,|$)/i.test(vary)) headers.append("Vary", "Save-Data");
}
