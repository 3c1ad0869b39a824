// The browser's data saver (issue 20 "Light on data"; decision 042): a request with `Save-Data: on` gets
// smaller pictures and no media that plays by itself. Only the pages whose HTML changes with it read it
// (the home page's carousel, the about page's background video), in their loaders; they answer
// `Vary: Save-Data` (saveDataHeaders), so that a cache keeps the two versions apart. Other pages are the
// same either way and do not vary.

/** True when the request carries `Save-Data: on` (the only value the header defines; case and spaces aside). */
export function wantsSaveData(request: Request): boolean {
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** A route's `headers`: its parent's and loader's headers, plus `Vary: Save-Data`. */
export function saveDataHeaders({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  loaderHeaders.forEach((value, key) => headers.set(key, value));
  headers.append("Vary", "Save-Data");
  return headers;
}
