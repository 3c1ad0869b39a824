// glibc's allocator settings the production server runs with (decision 058). Resizing pictures with
// sharp (libvips) allocates and frees large pixel buffers from two threads; with glibc's defaults those
// land in per-thread arenas and, once the dynamic mmap threshold has risen, on the heap, where freed
// memory is kept: 1,000 distinct `?tr=` resizes of a 3000×2000 photo left a server at 690 MB, and it
// stayed there. With fixed thresholds large buffers are mapped and unmapped on their own, and two arenas
// are shared by the threads: the same burst ends at about 330 MB (the bench's "image burst" line).
//
// They are environment variables read by glibc when the process starts, so they are set by `npm start`
// (package.json), the browser tests' server and the bench; a server started without them says so once.

export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;

/** Whether this process runs on glibc (Linux with GNU libc; musl and other systems have other allocators). */
export function runsOnGlibc(): boolean {
  if (process.platform !== "linux") return false;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return Boolean(header?.glibcVersionRuntime);
}

/** The settings missing from `env` (those set to other values count as chosen on purpose). */
export function missingMallocSettings(env: Record<string, string | undefined>): string[] {
  return Object.keys(MALLOC_SETTINGS).filter((name) => env[name] === undefined);
}

/** `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 …`, as a shell prefix. */
export function mallocSettingsPrefix(): string {
  return Object.entries(MALLOC_SETTINGS)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
}
