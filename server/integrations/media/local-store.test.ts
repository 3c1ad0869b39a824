// The local-disk media store: whole files under DATA_DIR/media, keys that cannot leave it.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStore } from "./local-store.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-store-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("local media store", () => {
  const store = createLocalStore(dataDir);

  it("puts, gets and deletes an object by key, leaving no temporary file", async () => {
    const bytes = Uint8Array.from([1, 2, 3, 4]);
    await store.put("uploads/0123456789abcdef01234567.png", bytes, "image/png");
    expect(readdirSync(path.join(dataDir, "media", "uploads"))).toEqual(["0123456789abcdef01234567.png"]);
    const got = await store.get("uploads/0123456789abcdef01234567.png");
    expect(got).toEqual({ bytes, contentType: "image/png" });
    await store.delete("uploads/0123456789abcdef01234567.png");
    expect(await store.get("uploads/0123456789abcdef01234567.png")).toBeNull();
    await store.delete("uploads/0123456789abcdef01234567.png"); // no error the second time
    // in an upload's folder, which may have upper-case letters (decision 065)
    await store.put("uploads/Blog/2026/0123456789abcdef01234567.png", bytes, "image/png");
    expect(await store.get("uploads/Blog/2026/0123456789abcdef01234567.png")).toEqual({
      bytes,
      contentType: "image/png",
    });
  });

  it("refuses keys that could leave the media folder or are not plain", async () => {
    for (const key of [
      "../auth-secret",
      "uploads/../../x.png",
      "/etc/passwd",
      "uploads/A.PNG",
      "uploads/Blog/A.png",
      "uploads/Blog/",
      "",
      "a\0b",
    ]) {
      await expect(store.put(key, Uint8Array.from([1]), "image/png"), key).rejects.toThrow(/key/);
      await expect(store.get(key), key).rejects.toThrow(/key/);
    }
  });
});
