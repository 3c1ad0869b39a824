import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "../../../contract/account/auth.ts";
import { jpegWithExif, pngClaiming, pngImage, truncatedPng } from "../../../tests/support/images.ts";
import { createLocalStore } from "../../integrations/media/local-store.ts";
import { isStoredAvatar, removeAvatar, saveAvatar, sniffImage } from "./avatar.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "academy-avatar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// (the S3-compatible store: server/integrations/media/s3-store.test.ts, a sign-up with a picture)
const store = createLocalStore(dir);

const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const fileOf = (url: string) => path.join(dir, "media", url.replace("/media/", ""));

describe("sniffImage", () => {
  it("reads the type from the first bytes", () => {
    expect(sniffImage(header)).toBe("png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(sniffImage(new TextEncoder().encode("RIFF1234WEBPVP8 "))).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});

describe("saveAvatar", () => {
  it("stores a fresh WebP of the picture, fitted inside 256×256, as avatars/<id>.webp in the store", async () => {
    const url = await saveAvatar(store, new Blob([await pngImage(600, 400)], { type: "text/plain" }));
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\.webp$/);
    const meta = await sharp(readFileSync(fileOf(url))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 171 });
    expect((await store.get(url.slice("/media/".length)))?.contentType).toBe("image/webp");
  });

  it("keeps a small picture's size, and none of a photo's metadata", async () => {
    const url = await saveAvatar(store, new Blob([await jpegWithExif(120, 90)]));
    const stored = readFileSync(fileOf(url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 120, height: 90 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("Secret Model 9"))).toBe(false);
  });

  it("refuses what only starts like a picture: a bare header, a truncated file, a forged size", async () => {
    for (const bytes of [header, await truncatedPng()]) {
      await expect(saveAvatar(store, new Blob([bytes]))).rejects.toThrow(AVATAR_MESSAGES.badType);
    }
    await expect(saveAvatar(store, new Blob([pngClaiming(20_000, 20_000)]))).rejects.toThrow(
      AVATAR_MESSAGES.tooManyPixels,
    );
  });

  it("refuses other files and big ones with a clear message", async () => {
    await expect(saveAvatar(store, new Blob(["<svg/>"], { type: "image/png" }))).rejects.toThrow(
      AVATAR_MESSAGES.badType,
    );
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(await pngImage());
    await expect(saveAvatar(store, new Blob([big]))).rejects.toThrow(AVATAR_MESSAGES.tooBig);
  });
});

describe("isStoredAvatar", () => {
  it("is true only for a picture saveAvatar stored that is still there", async () => {
    const url = await saveAvatar(store, new Blob([await pngImage()]));
    expect(await isStoredAvatar(store, url)).toBe(true);
    for (const other of [
      "https://evil.example/me.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      `//evil.example${url}`,
      `${url}?x=1`,
      "/media/avatars/../../auth-secret",
      "/media/avatars/0123456789abcdef01234567.webp",
      "/assets/logo.png",
      "",
    ]) {
      expect(await isStoredAvatar(store, other), other).toBe(false);
    }
    await removeAvatar(store, url);
    expect(await isStoredAvatar(store, url)).toBe(false);
    expect(existsSync(fileOf(url))).toBe(false);
  });

  it("still knows an avatar an earlier version wrote straight to DATA_DIR/media/avatars", async () => {
    const url = "/media/avatars/00112233445566778899aabb.png";
    mkdirSync(path.dirname(fileOf(url)), { recursive: true });
    writeFileSync(fileOf(url), await pngImage());
    expect(await isStoredAvatar(store, url)).toBe(true);
  });
});
