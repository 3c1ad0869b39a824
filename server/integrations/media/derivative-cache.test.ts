import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDerivativeCache } from "./derivative-cache.ts";

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "derivative-cache-"));
  dirs.push(dir);
  return path.join(dir, "media");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const bytes = (n: number) => new Uint8Array(n).fill(7);
const read = async (cache: ReturnType<typeof createDerivativeCache>, name: string) => {
  const hit = await cache.get(name);
  if (!hit) return null;
  const content = await hit.handle.readFile();
  await hit.handle.close();
  return content.length;
};

describe("the derivative cache", () => {
  it("keeps at most maxBytes, deleting the least recently used first; a hit counts as a use", async () => {
    const root = folder();
    const cache = createDerivativeCache(root, 300);
    await cache.put("a.webp", bytes(100));
    await cache.put("b.webp", bytes(100));
    await cache.put("c.webp", bytes(100));
    expect(await cache.size()).toEqual({ bytes: 300, files: 3 });
    expect(await read(cache, "a.webp")).toBe(100); // a is now the most recent
    await cache.put("d.webp", bytes(100)); // over the cap: b (the least recently used) goes
    expect(await cache.names()).toEqual(["c.webp", "a.webp", "d.webp"]);
    expect(readdirSync(root).sort()).toEqual(["a.webp", "c.webp", "d.webp"]);
    await cache.put("e.webp", bytes(250)); // c, a and d go: 250 fits alone
    expect(readdirSync(root)).toEqual(["e.webp"]);
    expect(await cache.size()).toEqual({ bytes: 250, files: 1 });
    expect(await cache.get("b.webp")).toBeNull();
  });

  it("rebuilds its index from the folder at start, oldest first, and trims it to the cap", async () => {
    const root = folder();
    mkdirSync(root, { recursive: true });
    const now = Date.now() / 1000;
    for (const [name, age] of [
      ["old.webp", 3 * 3600],
      ["mid.webp", 2 * 3600],
      ["new.webp", 3600],
    ] as const) {
      writeFileSync(path.join(root, name), bytes(100));
      utimesSync(path.join(root, name), now - age, now - age);
    }
    writeFileSync(path.join(root, "x.webp.1234.tmp"), bytes(10)); // a write cut short
    const cache = createDerivativeCache(root, 250);
    expect(await cache.names()).toEqual(["mid.webp", "new.webp"]);
    expect(existsSync(path.join(root, "old.webp"))).toBe(false);
    expect(existsSync(path.join(root, "x.webp.1234.tmp"))).toBe(false);
    // a hit is remembered on disk too (its mtime, at most hourly): after a restart the order holds
    expect(await read(cache, "mid.webp")).toBe(100);
    const again = createDerivativeCache(root, 250);
    expect(await again.names()).toEqual(["new.webp", "mid.webp"]);
  });

  it("forgets a file deleted behind its back (the cache folder is safe to delete)", async () => {
    const root = folder();
    const cache = createDerivativeCache(root, 1000);
    await cache.put("a.webp", bytes(100));
    rmSync(root, { recursive: true });
    expect(await cache.get("a.webp")).toBeNull();
    expect(await cache.size()).toEqual({ bytes: 0, files: 0 });
    await cache.put("b.webp", bytes(10));
    expect(await read(cache, "b.webp")).toBe(10);
  });

  it("keeps a file being read readable even when it is evicted meanwhile", async () => {
    const root = folder();
    const cache = createDerivativeCache(root, 150);
    await cache.put("a.webp", bytes(100));
    const hit = await cache.get("a.webp");
    await cache.put("b.webp", bytes(100)); // a is evicted
    expect(existsSync(path.join(root, "a.webp"))).toBe(false);
    expect((await hit!.handle.readFile()).length).toBe(100);
    await hit!.handle.close();
  });
});
