// Profile images chosen at sign-up: stored under DATA_DIR/media/avatars and served from /media.
// The type is read from the file's first bytes, never from its name or the browser's claim.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "../../../contract/auth.ts";
import { Invalid } from "../../lib/errors.ts";
import { newId } from "../../lib/id.ts";
import { mediaRoot } from "../../integrations/media/media-root.ts";

export function sniffImage(bytes: Uint8Array): "png" | "jpg" | "webp" | "gif" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  return null;
}

/** Stores the image and returns its public URL; a clear Invalid error otherwise. */
export async function saveAvatar(dataDir: string, file: Blob): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw Invalid(AVATAR_MESSAGES.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw Invalid(AVATAR_MESSAGES.badType);
  const dir = path.join(mediaRoot(dataDir), "avatars");
  await mkdir(dir, { recursive: true });
  const name = `${newId()}.${ext}`;
  await writeFile(path.join(dir, name), bytes);
  return `/media/avatars/${name}`;
}

/** Deletes an image saveAvatar stored (a sign-up that failed after it); other URLs are left alone. */
export async function removeAvatar(dataDir: string, url: string): Promise<void> {
  const match = /^\/media\/avatars\/([0-9a-f]{24}\.(?:png|jpg|webp|gif))$/.exec(url);
  if (match) await rm(path.join(mediaRoot(dataDir), "avatars", match[1]!), { force: true });
}
