// Profile images chosen at sign-up: stored under DATA_DIR/media/avatars and served from /media.
// The type is read from the file's first bytes, never from its name or the browser's claim; then the
// whole picture must decode (sharp), and what is kept is a fresh WebP drawn from the decoded pixels:
// at most 256×256, no metadata (a phone photo's GPS position stays on the phone), nothing of the
// uploaded file's own bytes.
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_MESSAGES, AVATAR_SIZE } from "../../../contract/auth.ts";
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

/** What sharp calls the formats sniffImage lets through. */
const SHARP_FORMAT = { png: "png", jpg: "jpeg", webp: "webp", gif: "gif" } as const;

/**
 * The stored picture: decoded in full (a truncated or corrupt file fails here, whatever its header
 * says), turned upright, fitted inside AVATAR_SIZE², WebP. Only the first frame of an animation.
 */
async function reencode(bytes: Uint8Array, ext: keyof typeof SHARP_FORMAT): Promise<Buffer> {
  // A 1 MB file can still claim a huge canvas (a "decompression bomb"): read the size first.
  const image = sharp(bytes, { failOn: "truncated", limitInputPixels: false, animated: false });
  const meta = await image.metadata().catch(() => null);
  if (!meta || meta.format !== SHARP_FORMAT[ext] || !meta.width || !meta.height) throw Invalid(AVATAR_MESSAGES.badType);
  if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw Invalid(AVATAR_MESSAGES.tooManyPixels);
  try {
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw Invalid(AVATAR_MESSAGES.badType);
  }
}

/** Stores the image and returns its public URL; a clear Invalid error otherwise. */
export async function saveAvatar(dataDir: string, file: Blob): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw Invalid(AVATAR_MESSAGES.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw Invalid(AVATAR_MESSAGES.badType);
  const webp = await reencode(bytes, ext);
  const dir = path.join(mediaRoot(dataDir), "avatars");
  await mkdir(dir, { recursive: true });
  const name = `${newId()}.webp`;
  await writeFile(path.join(dir, name), webp);
  return `/media/avatars/${name}`;
}

/**
 * A profile image URL that saveAvatar made (`/media/avatars/<id>.webp`; earlier versions kept the
 * uploaded type) and whose file is still there. Nothing else may be a user's image: no outside
 * address, no `javascript:` or `data:` URL, no other path of the site.
 */
const STORED_AVATAR = /^\/media\/avatars\/([0-9a-f]{24}\.(?:webp|png|jpg|gif))$/;

export function isStoredAvatar(dataDir: string, url: string): boolean {
  const match = STORED_AVATAR.exec(url);
  return !!match && existsSync(path.join(mediaRoot(dataDir), "avatars", match[1]!));
}

/** Deletes an image saveAvatar stored (a sign-up that failed after it); other URLs are left alone. */
export async function removeAvatar(dataDir: string, url: string): Promise<void> {
  const match = STORED_AVATAR.exec(url);
  if (match) await rm(path.join(mediaRoot(dataDir), "avatars", match[1]!), { force: true });
}
