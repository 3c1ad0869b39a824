// sharp (libvips, a native library of its own) is loaded when the first picture is read or drawn, not
// when the server starts: most processes (a newsletter send, the API) never touch an image, and the
// library and its threads cost memory from the moment it is imported (decision 039).
import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/** The sharp function, imported once (a failed import is tried again next time). */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then(
    ({ default: sharp }) => {
      // One libvips thread per image: renders run side by side rather than each grabbing every core.
      sharp.concurrency(1);
      // No libvips operation cache: every resize is kept on disk (derivative-cache.ts), so a second
      // render of the same picture never happens, and the cache only held decoded pixels in memory.
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
