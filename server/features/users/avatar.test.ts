import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "../../../contract/auth.ts";
import { saveAvatar, sniffImage } from "./avatar.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "academy-avatar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("sniffImage", () => {
  it("reads the type from the first bytes", () => {
    expect(sniffImage(png)).toBe("png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(sniffImage(new TextEncoder().encode("RIFF1234WEBPVP8 "))).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});

describe("saveAvatar", () => {
  it("stores a picture under media/avatars and returns its /media URL", async () => {
    const url = await saveAvatar(dir, new Blob([png], { type: "text/plain" }));
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\.png$/);
    expect(readFileSync(path.join(dir, "media", url.replace("/media/", "")))).toEqual(Buffer.from(png));
  });

  it("refuses other files and big ones with a clear message", async () => {
    await expect(saveAvatar(dir, new Blob(["<svg/>"], { type: "image/png" }))).rejects.toThrow(AVATAR_MESSAGES.badType);
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(png);
    await expect(saveAvatar(dir, new Blob([big]))).rejects.toThrow(AVATAR_MESSAGES.tooBig);
  });
});
