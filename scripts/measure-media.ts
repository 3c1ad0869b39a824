// The numbers of decision 026, measured on the /media route alone (no database): how long the 4000×40
// `h-2000,f-png` transform takes, and what the resize cache holds after 1000 transforms.
//   node scripts/measure-media.ts [render|cache|aspects]
// render: the 4000×40 PNG asked h-2000,f-png; cache: w-1 … w-1000 of a 2400×1600 JPEG; aspects:
// w-256,h-1 … h-1000 (1000 shapes, which no snapping merges) under MEDIA_CACHE_MAX_BYTES=5 MB.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { parseEnv } from "../server/env.ts";
import { createMediaRoutes } from "../server/http/media.ts";
import { createLocalStore } from "../server/integrations/media/local-store.ts";

const which = process.argv[2] ?? "render";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "measure-media-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  ...(which === "aspects" ? { MEDIA_CACHE_MAX_BYTES: String(5 * 1024 * 1024) } : {}),
});
const app = new Hono().route("/media", createMediaRoutes({ env }, createLocalStore(dataDir)));
const uploads = path.join(dataDir, "media", "uploads");
mkdirSync(uploads, { recursive: true });
const cacheDir = path.join(dataDir, "cache", "media");
const cacheSize = () => {
  const files = readdirSync(cacheDir);
  return { files: files.length, mb: files.reduce((n, f) => n + statSync(path.join(cacheDir, f)).size, 0) / 1e6 };
};

try {
  if (which === "render") {
    const strip = Buffer.alloc(4000 * 40 * 3);
    for (let i = 0; i < strip.length; i++) strip[i] = (i * 7) % 256;
    const png = await sharp(strip, { raw: { width: 4000, height: 40, channels: 3 } })
      .png()
      .toBuffer();
    writeFileSync(path.join(uploads, "aaaaaaaaaaaaaaaaaaaaaaaa.png"), png);
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const res = await app.request("/media/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png?tr=h-2000,f-png");
    const body = Buffer.from(await res.arrayBuffer());
    const used = process.cpuUsage(cpu);
    const meta = res.status === 200 ? await sharp(body, { limitInputPixels: false }).metadata() : null;
    console.log(
      `4000×40 h-2000,f-png: ${res.status}, ${meta?.width}×${meta?.height}, ${body.length} bytes, ` +
        `${((performance.now() - wall) / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`,
    );
  } else {
    const w = 2400;
    const h = 1600;
    // a gradient with seeded noise: a photo's worth of detail, the same picture on every run
    let seed = 42;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 40;
    const px = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        px[i] = (x * 255) / w + noise();
        px[i + 1] = (y * 255) / h + noise();
        px[i + 2] = 128 + noise();
      }
    }
    const jpeg = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    writeFileSync(path.join(uploads, "bbbbbbbbbbbbbbbbbbbbbbbb.jpg"), jpeg);
    const wall = performance.now();
    for (let i = 1; i <= 1000; i++) {
      const tr = which === "aspects" ? `w-256,h-${i}` : `w-${i}`;
      const res = await app.request(`/media/uploads/bbbbbbbbbbbbbbbbbbbbbbbb.jpg?tr=${tr}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${tr}: ${res.status}`);
    }
    const { files, mb } = cacheSize();
    console.log(
      `1000 transforms (${which === "aspects" ? "w-256,h-1…h-1000" : "w-1…w-1000"}) of a ${(jpeg.length / 1e3).toFixed(0)} KB ` +
        `2400×1600 JPEG: ${files} cache files, ${mb.toFixed(1)} MB, ${((performance.now() - wall) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
