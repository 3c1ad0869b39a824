// Profile images chosen at sign-up: kept in the media store under `avatars/<id>.webp` (local disk or
// S3-compatible; this file does not know which) and served from /media/avatars/<id>.webp.
// The type is read from the file's first bytes, never from its name or the browser's claim; then the
// whole picture must decode (sharp), and what is kept is a fresh WebP drawn from the decoded pixels:
// at most 256×256, no metadata (a phone photo's GPS position stays on the phone), nothing of the
// uploaded file's own bytes.
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_MESSAGES, AVATAR_SIZE } from "../../../contract/account/auth.ts";
import { Invalid } from "../../lib/errors.ts";
import { newId } from "../../lib/id.ts";
import { loadSharp } from "../../integrations/media/sharp.ts";
import type { MediaStore } from "../../integrations/media/store.ts";

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
  const sharp = await loadSharp();
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
export async function saveAvatar(store: MediaStore, file: Blob): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw Invalid(AVATAR_MESSAGES.tooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw Invalid(AVATAR_MESSAGES.badType);
  const webp = await reencode(bytes, ext);
  const name = `${newId()}.webp`;
  await store.put(`avatars/${name}`, webp, "image/webp");
  return `/media/avatars/${name}`;
}

/**
 * A profile image URL that saveAvatar made (`/media/avatars/<id>.webp`; earlier versions kept the
 * uploaded type) and whose object is still in the store. Nothing else may be a user's image: no
 * outside address, no `javascript:` or `data:` URL, no other path of the site.
 *
 * Avatars saved before the media store wrote DATA_DIR/media/avatars/<name> directly: that is exactly
 * where the local store keeps key `avatars/<name>`, so they keep working with nothing to migrate. (On
 * a switch to S3, such files would have to be copied into the bucket under the same keys.)
 */
const STORED_AVATAR = /^\/media\/(avatars\/[0-9a-f]{24}\.(?:webp|png|jpg|gif))$/;

/** The store key of a URL saveAvatar made (`avatars/<name>`), or null for any other string. */
function avatarKey(url: string): string | null {
  return STORED_AVATAR.exec(url)?.[1] ?? null;
}

export async function isStoredAvatar(store: MediaStore, url: string): Promise<boolean> {
  const key = avatarKey(url);
  return !!key && (await store.has(key));
}

/** Deletes an image saveAvatar stored (a sign-up that failed after it); other URLs are left alone. */
export async function removeAvatar(store: MediaStore, url: string): Promise<void> {
  const key = avatarKey(url);
  if (key) await store.delete(key);
}
