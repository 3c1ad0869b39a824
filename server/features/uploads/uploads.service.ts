// Upload tokens and uploads in ImageKit's shape (admin-back-office §7 "GET /posts/upload-auth returns
// signature, expire, token (for an image hosting service; uploads use unique file names)"; issue 8
// "Images"; decision 014). A signed-in user asks for a token; the upload carries it with its expiry
// and their HMAC-SHA1 signature; the token works once. Files are kept through the MediaStore, which
// alone knows where (local disk today). ImageKit's `folder` and `tags` are honoured (issue 29; decision
// 065): the file goes under uploads/<folder>/, its tags are kept beside it and answered.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import {
  UPLOAD_FOLDER_MAX,
  UPLOAD_TAGS_MAX,
  type UploadAuth,
  type UploadResult,
} from "../../../contract/lib/uploads.ts";
import type { Db } from "../../db/client.ts";
import { uploadTokens } from "../../db/schema.ts";
import { BadRequest, DomainError, Forbidden, Invalid, Unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/id.ts";
import { loadSharp } from "../../integrations/media/sharp.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import type { Actor } from "../auth/actor.ts";
import { sniffMedia } from "./sniff.ts";

/** The upload answer's thumbnail: 256 px wide (a size step of contract/lib/media.ts: a cache hit after the first). */
export const THUMBNAIL_TR = "w-256";
/** How long an issued token is good for: ImageKit refuses an expiry more than an hour ahead. */
export const UPLOAD_TOKEN_SECONDS = 30 * 60;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round((pixels / 1_000_000) * 10) / 10}`;

const messages = {
  signIn: "Sign in to upload images.",
  badSignature: "The upload signature is not valid. Ask for a new upload token and try again.",
  expired: "The upload token has expired. Ask for a new upload token and try again.",
  unknownToken: "The upload token is not one this server issued. Ask for a new upload token and try again.",
  usedToken: "This upload token has already been used. Ask for a new upload token for each file.",
  noFile: "file is required: send the image or video as the multipart field `file`.",
  notBase64:
    "file given as text must be the file's bytes in base64, or a data: URI such as data:image/png;base64,…; addresses are not fetched.",
  badType: "Only images (JPEG, PNG, WebP, GIF, AVIF) and videos (MP4, WebM) can be uploaded.",
  notAnImage: "The file is not a readable image: it may be damaged or only named like one.",
  // (the same limit as /media's transforms: every picture accepted can be resized; decision 026)
  tooManyPixels: (width: number, height: number, max: number) =>
    `The image is too large: ${width} × ${height} is ${megapixels(width * height)} megapixels, and at most ${megapixels(max)} are accepted. Make it smaller and upload it again.`,
  imageTooBig: (max: number) => `The image is too large: at most ${mb(max)}.`,
  videoTooBig: (max: number) => `The video is too large: at most ${mb(max)}.`,
  // ImageKit's rules for folder and tags (decision 065)
  folderChars:
    'folder may contain only letters, digits, "/", "_" and "-" (ImageKit\'s rule): ".", "..", "\\", spaces and other characters are refused.',
  folderTooLong: `folder must be at most ${UPLOAD_FOLDER_MAX} characters.`,
  tagsPercent: 'tags may not contain "%" (ImageKit\'s rule).',
  tagsControl: "tags may not contain control characters.",
  tagsTooLong: `tags may have at most ${UPLOAD_TAGS_MAX} characters in all (ImageKit's rule).`,
};

/**
 * ImageKit's `folder` as a path under uploads/: "" for none (absent, empty or "/"), else its segments
 * joined by "/" ("/blog//2026/" is "blog/2026"). Only ImageKit's characters (letters, digits, "/", "_",
 * "-") are accepted, so no segment can be "." or "..", hold a backslash or leave the uploads folder: a
 * 400 naming the field otherwise.
 */
export function uploadFolder(folder: string | undefined): string {
  if (folder === undefined) return "";
  if (folder.length > UPLOAD_FOLDER_MAX) throw BadRequest(messages.folderTooLong);
  if (!/^[A-Za-z0-9/_-]*$/.test(folder)) throw BadRequest(messages.folderChars);
  return folder
    .split("/")
    .filter((segment) => segment !== "")
    .join("/");
}

/**
 * ImageKit's `tags`, comma-separated as its SDKs send them: each trimmed, empty ones and repeats left out;
 * null when none are given. No "%" (ImageKit's rule), no control characters, at most 500 characters in all.
 */
export function uploadTags(tags: string | undefined): string[] | null {
  if (tags === undefined) return null;
  const list = [
    ...new Set(
      tags
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    ),
  ];
  if (list.some((tag) => tag.includes("%"))) throw BadRequest(messages.tagsPercent);
  if (list.some((tag) => /\p{Cc}/u.test(tag))) throw BadRequest(messages.tagsControl);
  if (list.reduce((n, tag) => n + tag.length, 0) > UPLOAD_TAGS_MAX) throw BadRequest(messages.tagsTooLong);
  return list.length > 0 ? list : null;
}

const TooLarge = (message: string) => new DomainError("too_large", message);

const BASE64 = /^(?:[A-Za-z0-9+/]*={0,2}|[A-Za-z0-9_-]*={0,2})$/;

/**
 * The uploaded bytes: a multipart file, or (as ImageKit's upload API takes) the file's bytes as a base64
 * string or a `data:…;base64,…` URI. The bytes are then sniffed and checked like a file's; a type a
 * data: URI claims is ignored, and a URL is never fetched. (The request's size is capped before this.)
 */
async function fileBytes(file: unknown): Promise<Uint8Array> {
  if (file instanceof Blob) {
    if (file.size === 0) throw Invalid(messages.noFile);
    return new Uint8Array(await file.arrayBuffer());
  }
  if (typeof file !== "string" || file.trim() === "") throw Invalid(messages.noFile);
  let text = file.trim();
  if (/^data:/i.test(text)) {
    const comma = text.indexOf(",");
    if (comma < 0 || !/;base64$/i.test(text.slice(5, comma))) throw Invalid(messages.notBase64);
    text = text.slice(comma + 1);
    if (text.includes("%")) {
      try {
        text = decodeURIComponent(text);
      } catch {
        throw Invalid(messages.notBase64);
      }
    }
  }
  text = text.replace(/\s+/g, "");
  if (text === "" || !BASE64.test(text) || text.replace(/=+$/, "").length % 4 === 1) throw Invalid(messages.notBase64);
  const bytes = Buffer.from(text, text.includes("-") || text.includes("_") ? "base64url" : "base64");
  if (bytes.length === 0) throw Invalid(messages.notBase64);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The key that signs upload tokens: derived from the app's auth secret, so no setting of its own. */
export function uploadKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("academy upload tokens v1").digest();
}

export interface UploadsDeps {
  db: Db;
  store: MediaStore;
  /** HMAC key of the token signatures (uploadKey) */
  key: Buffer;
  maxImageBytes: number;
  maxVideoBytes: number;
  /** the one pixel limit of pictures (MEDIA_MAX_PIXELS), shared with /media's transforms */
  maxPixels: number;
  /** the site's public address (PUBLIC_URL): answers carry absolute URLs, as ImageKit's do */
  publicUrl: string;
  now?: () => number;
}

export interface UploadInput {
  file: unknown;
  token: string;
  expire: string;
  signature: string;
  /** ImageKit's folder ("/blog/2026"), checked by uploadFolder */
  folder?: string;
  /** ImageKit's tags, comma-separated, checked by uploadTags */
  tags?: string;
}

export function createUploadsService(deps: UploadsDeps) {
  const { db, store, key } = deps;
  const origin = deps.publicUrl.replace(/\/+$/, "");
  const nowSeconds = () => Math.floor((deps.now?.() ?? Date.now()) / 1000);
  const sign = (token: string, expire: number | string) =>
    createHmac("sha1", key).update(`${token}${expire}`).digest("hex");

  /** The signature, compared in constant time; malformed ones are simply wrong. */
  function signatureMatches(token: string, expire: string, signature: string): boolean {
    if (!/^[0-9a-fA-F]{40}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(sign(token, expire), "hex"), Buffer.from(signature, "hex"));
  }

  /**
   * Everything about the token that can be checked without using it up: signed by us, not expired,
   * issued and not yet used. (Using it up is the conditional UPDATE in `upload`.)
   */
  async function checkToken(input: UploadInput): Promise<number> {
    if (!signatureMatches(input.token, input.expire, input.signature)) throw Forbidden(messages.badSignature);
    const expire = Number(input.expire);
    if (!/^\d{1,12}$/.test(input.expire) || expire < nowSeconds()) throw Forbidden(messages.expired);
    const [row] = await db.select().from(uploadTokens).where(eq(uploadTokens.token, input.token)).limit(1);
    if (!row || row.expire !== expire) throw Forbidden(messages.unknownToken);
    if (row.usedAt) throw Forbidden(messages.usedToken);
    return expire;
  }

  /** Width and height of an image sharp can decode in full; a clear Invalid error otherwise. */
  async function checkImage(
    bytes: Uint8Array,
    ext: string,
  ): Promise<{ width: number; height: number; tagged: boolean }> {
    const expected = ext === "jpg" ? "jpeg" : ext === "avif" ? "heif" : ext;
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { failOn: "truncated", limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta || meta.format !== expected || !meta.width || !meta.height) throw Invalid(messages.notAnImage);
    if (ext === "avif" && meta.compression !== "av1") throw Invalid(messages.notAnImage);
    if (meta.width * meta.height > deps.maxPixels) {
      throw Invalid(messages.tooManyPixels(meta.width, meta.height, deps.maxPixels));
    }
    try {
      // Decoding every pixel (into a thumbnail, to keep memory small) finds a truncated or corrupt body.
      await sharp(bytes, { failOn: "truncated", limitInputPixels: deps.maxPixels })
        .resize(64, 64, { fit: "inside" })
        .raw()
        .toBuffer();
    } catch {
      throw Invalid(messages.notAnImage);
    }
    // EXIF orientations 5 to 8 turn the picture a quarter: it is shown with width and height swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const tagged = !!(meta.exif || meta.xmp || meta.iptc);
    return {
      ...(turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }),
      tagged,
    };
  }

  /**
   * A photo straight from a phone carries EXIF: the camera, the time and often where it was taken. A
   * picture that has such tags is stored re-encoded without them (upright, as its orientation said);
   * one without is kept byte for byte. Animated GIFs and AVIF keep their bytes (GIF has no EXIF; AVIF
   * re-encoding takes seconds).
   */
  async function withoutTags(bytes: Uint8Array, ext: string): Promise<Uint8Array> {
    if (ext !== "jpg" && ext !== "png" && ext !== "webp") return bytes;
    const sharp = await loadSharp();
    const image = sharp(bytes, { limitInputPixels: deps.maxPixels }).rotate();
    const out =
      ext === "jpg"
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : ext === "webp"
          ? image.webp({ quality: 90 })
          : image.png();
    return new Uint8Array(await out.toBuffer());
  }

  return {
    /** GET /posts/upload-auth: a fresh single-use token, its expiry and their signature. */
    async issueToken(actor: Actor | null): Promise<UploadAuth> {
      if (!actor) throw Unauthorized(messages.signIn);
      const token = randomBytes(20).toString("hex");
      const expire = nowSeconds() + UPLOAD_TOKEN_SECONDS;
      await db.insert(uploadTokens).values({ token, expire, userId: actor.id });
      return { token, expire, signature: sign(token, expire) };
    },

    /**
     * POST /api/v1/files/upload. Refusals come before anything is written: the token is checked, then
     * the file (type from its bytes, size, a full decode for images); only then is the token used up,
     * by one conditional UPDATE, so that of two uploads racing with one token exactly one goes on.
     * A refused upload leaves the token unused (a user may retry with another file until it expires).
     */
    async upload(input: UploadInput): Promise<UploadResult> {
      const expire = await checkToken(input);
      const folder = uploadFolder(input.folder);
      const tags = uploadTags(input.tags);
      const bytes = await fileBytes(input.file);
      const kind = sniffMedia(bytes);
      if (!kind) throw Invalid(messages.badType);
      if (kind.type === "image" && bytes.length > deps.maxImageBytes) {
        throw TooLarge(messages.imageTooBig(deps.maxImageBytes));
      }
      if (kind.type === "video" && bytes.length > deps.maxVideoBytes) {
        throw TooLarge(messages.videoTooBig(deps.maxVideoBytes));
      }
      const checked = kind.type === "image" ? await checkImage(bytes, kind.ext) : null;
      const size = checked ? { width: checked.width, height: checked.height } : null;
      const stored = checked?.tagged ? await withoutTags(bytes, kind.ext) : bytes;

      const fileId = newId();
      const name = `${fileId}.${kind.ext}`;
      const dir = folder ? `uploads/${folder}` : "uploads";
      const fileKey = `${dir}/${name}`;
      // The tags are kept beside the file, as ImageKit keeps a file's details: /media serves no .json.
      const detailsKey = `${dir}/${fileId}.json`;
      const used = await db
        .update(uploadTokens)
        .set({ usedAt: sql`now()`, fileKey })
        .where(and(eq(uploadTokens.token, input.token), isNull(uploadTokens.usedAt), gte(uploadTokens.expire, expire)))
        .returning({ token: uploadTokens.token });
      if (used.length === 0) throw Forbidden(messages.usedToken);
      try {
        await store.put(fileKey, stored, kind.contentType);
        if (tags) {
          const details = { fileId, name, filePath: `/${fileKey}`, tags };
          await store.put(detailsKey, new TextEncoder().encode(JSON.stringify(details)), "application/json");
        }
      } catch (error) {
        // Nothing is kept (a file without the tags it was sent with is taken away): the token may be used again.
        await store.delete(fileKey).catch(() => undefined);
        await db
          .update(uploadTokens)
          .set({ usedAt: null, fileKey: null })
          .where(eq(uploadTokens.token, input.token))
          .catch(() => undefined);
        throw error;
      }
      // Absolute, as ImageKit answers: an SDK's buildSrc({ src: url }) works as is. (Pages store the
      // path: app/lib/upload.ts, and posts are normalized on save, decision 026.)
      const url = `${origin}/media/${fileKey}`;
      return {
        fileId,
        name,
        url,
        filePath: `/${fileKey}`,
        tags,
        fileType: kind.type === "image" ? "image" : "non-image",
        size: stored.length,
        mime: kind.contentType,
        ...(size ? { ...size, thumbnailUrl: `${url}?tr=${THUMBNAIL_TR}` } : {}),
      };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
