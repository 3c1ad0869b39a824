// Anonymous image requests and the server's memory (issue 29, decision 058): 1,000 distinct `?tr=`
// resizes of the bench's 2400×1600 photo, 50 at a time, as anyone on the internet may ask, and the
// server's RSS before, at its peak, right after and a minute later. glibc keeps what libvips freed
// unless the allocator settings of npm start are set; the target is that a minute after the burst the
// server is back within IMAGE_BURST_TARGET_MB of where it started.
import { rssMb } from "./bench-mixed.ts";

export const IMAGE_BURST = { requests: 1000, concurrency: 50, idleSeconds: 60 } as const;
/** RSS a minute after the burst, at most this far above the RSS before it */
export const IMAGE_BURST_TARGET_MB = 150;

const FORMATS = ["webp", "jpg", "png"] as const;

/** The n-th distinct transform: a width, a height and an output format no earlier request used. */
export function burstTransform(n: number): string {
  const width = 64 + n;
  return `w-${width},h-${Math.round(width * 0.75)},f-${FORMATS[n % FORMATS.length]}`;
}

export interface ImageBurst {
  requests: number;
  concurrency: number;
  /** answers by status */
  statuses: Record<string, number>;
  seconds: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  rssAfterMb: number | null;
  rssIdleMb: number | null;
  idleSeconds: number;
  /** glibc's settings the server ran with (decision 058) */
  allocator: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function measureImageBurst(
  base: string,
  imagePath: string,
  pid: number | undefined,
  allocator: string,
  plan: { requests: number; concurrency: number; idleSeconds: number } = IMAGE_BURST,
): Promise<ImageBurst> {
  const rssBeforeMb = rssMb(pid);
  let peak = rssBeforeMb ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 200);
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < plan.requests) {
      const url = `${base}${imagePath}?tr=${burstTransform(next++)}`;
      const status = await fetch(url)
        .then(async (res) => (await res.arrayBuffer(), String(res.status)))
        .catch(() => "error");
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  try {
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
  } finally {
    clearInterval(sampler);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const rssAfterMb = rssMb(pid);
  await sleep(plan.idleSeconds * 1000);
  return {
    requests: plan.requests,
    concurrency: plan.concurrency,
    statuses,
    seconds,
    rssBeforeMb,
    rssPeakMb: rssBeforeMb === null ? null : Math.max(peak, rssAfterMb ?? 0),
    rssAfterMb,
    rssIdleMb: rssMb(pid),
    idleSeconds: plan.idleSeconds,
    allocator,
  };
}

/** The bench's lines for the burst, with the target met or missed. */
export function imageBurstLines(burst: ImageBurst): string[] {
  const answers = Object.entries(burst.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  const grown =
    burst.rssIdleMb === null || burst.rssBeforeMb === null ? null : Math.round(burst.rssIdleMb - burst.rssBeforeMb);
  const verdict = grown === null ? "not measured (no /proc)" : grown <= IMAGE_BURST_TARGET_MB ? "met" : "missed";
  return [
    `image burst          ${burst.requests} distinct ?tr= resizes, ${burst.concurrency} at a time, in ${burst.seconds} s (${answers})`,
    `  server RSS         ${burst.rssBeforeMb ?? "?"} MB before, ${burst.rssPeakMb ?? "?"} MB peak, ${burst.rssAfterMb ?? "?"} MB after, ` +
      `${burst.rssIdleMb ?? "?"} MB ${burst.idleSeconds} s later: ${grown === null ? "?" : `+${grown}`} MB, ` +
      `target <= +${IMAGE_BURST_TARGET_MB} MB ${verdict}   (${burst.allocator || "glibc defaults"})`,
  ];
}
