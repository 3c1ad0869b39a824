// The sizes and qualities /media makes (issue 15 "The resize cache never shrinks"; decision 026), shared by
// the server (server/integrations/media/image-transform.ts snaps every asked size to them) and the pages
// (MediaImage asks only for them), so that a page's srcset is always a cache hit and never a redirect.
// As Next.js's image loader does with its imageSizes + deviceSizes: an asked width is rounded UP to the
// next step, so a picture is never shown blurrier than asked, and a site has a few dozen derivatives per
// image instead of one per pixel width.

/** Largest width or height a derivative has; larger asks are made at most this size. */
export const MAX_DIMENSION = 2000;

/**
 * The widths (and heights, when only a height is asked) that derivatives are made at: Next.js's
 * default imageSizes (16…384) and deviceSizes (640…1920, the widths of common phones, tablets and
 * screens; ImageKit's responsive helper asks for the same ones), 480 to fill the gap between 384 and
 * 640, and MAX_DIMENSION last.
 */
export const SIZE_STEPS = [16, 32, 48, 64, 96, 128, 256, 384, 480, 640, 750, 828, 1080, 1200, 1920, 2000] as const;

/** The qualities derivatives are made at; an asked quality is rounded up to the next (above 90: 90). */
export const QUALITY_STEPS = [20, 50, 75, 80, 90] as const;

/** The quality when none is asked (ImageKit's default). */
export const DEFAULT_QUALITY = 80;

/** The first step at or above `size` (a positive number of pixels); MAX_DIMENSION above the last. */
export function snapSize(size: number): number {
  for (const step of SIZE_STEPS) if (size <= step) return step;
  return MAX_DIMENSION;
}

/** The largest step at or below `size`, or null below the first step (for a picture never to be enlarged). */
export function stepAtMost(size: number): number | null {
  let found: number | null = null;
  for (const step of SIZE_STEPS) if (step <= size) found = step;
  return found;
}

/** The first quality step at or above `q` (1…100). */
export function snapQuality(q: number): number {
  for (const step of QUALITY_STEPS) if (q <= step) return step;
  return QUALITY_STEPS[QUALITY_STEPS.length - 1]!;
}

/** Most pixels a derivative has (2000 × 1500): a square is made at most 1732 × 1732. */
export const MAX_OUTPUT_PIXELS = 3_000_000;

/**
 * `width` × `height` made small enough: both sides at most MAX_DIMENSION and the area at most
 * MAX_OUTPUT_PIXELS, the shape kept (both scaled by one factor); each side at least 1.
 */
export function capBox(width: number, height: number): { w: number; h: number } {
  const scale = Math.min(
    1,
    MAX_DIMENSION / width,
    MAX_DIMENSION / height,
    Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)),
  );
  return { w: Math.max(1, Math.round(width * scale)), h: Math.max(1, Math.round(height * scale)) };
}

/**
 * What the server makes for `w-<width>` (and `h-<height>`): the width snapped up to a step and the
 * height in proportion, then capped (capBox). Pages ask for exactly this, so their URLs name the
 * derivative the server keeps.
 */
export function snapBox(width: number, height?: number): { w: number; h?: number } {
  const w = snapSize(width);
  if (height === undefined) return { w };
  return capBox(w, Math.max(1, Math.round((height * w) / width)));
}
