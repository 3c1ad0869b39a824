// Upload tokens and the ImageKit-compatible upload (admin-back-office "GET /posts/upload-auth";
// decision 014). The shapes follow ImageKit's, so that its client libraries work against this server.
import { z } from "zod";

/** What GET /posts/upload-auth answers: the three values an ImageKit client sends with its upload. */
export const UploadAuthSchema = z.object({
  token: z.string(),
  /** Unix time in seconds; the token is refused after it (less than an hour after it was issued) */
  expire: z.number().int(),
  /** HMAC-SHA1 of token + expire with the server's upload key, lower-case hex */
  signature: z.string(),
});
export type UploadAuth = z.infer<typeof UploadAuthSchema>;

const field = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`);

/** The longest `folder` (this site's limit, as before) and `tags` in all (ImageKit's rule); decision 065. */
export const UPLOAD_FOLDER_MAX = 200;
export const UPLOAD_TAGS_MAX = 500;

/**
 * The multipart form an ImageKit client posts to /api/v1/files/upload. `publicKey` and
 * `useUniqueFileName` are accepted and ignored (names are always unique). `folder` and `tags` are
 * honoured as ImageKit does (decision 065): the file goes under `uploads/<folder>/`, and the tags are
 * kept with it and answered.
 */
export const UploadFormSchema = z.object({
  file: z
    .any()
    .refine((v) => (v instanceof Blob && v.size > 0) || (typeof v === "string" && v.trim() !== ""), {
      error: "file is required: send the image or video as the multipart field `file`.",
    })
    .meta({
      type: "string",
      format: "binary",
      description:
        "The image or video: the file, or (as ImageKit accepts) its bytes as a base64 string or a data: URI such as data:image/png;base64,…",
    }),
  fileName: field("fileName"),
  token: field("token"),
  expire: field("expire"),
  signature: field("signature"),
  publicKey: z.string().max(200).optional(),
  useUniqueFileName: z.string().max(10).optional(),
  folder: z
    .string()
    .optional()
    .meta({
      description:
        'ImageKit\'s folder: letters, digits, "/", "_" and "-", at most 200 characters; "/" nests, and leading, ' +
        'trailing or repeated "/" are ignored ("/" or empty: the uploads folder itself). Anything else, such as ' +
        '"." or "..", is a 400 naming `folder`.',
    }),
  tags: z
    .string()
    .optional()
    .meta({
      description:
        'ImageKit\'s tags, comma-separated ("summer,beach", as its SDKs send them): at most 500 characters in all, ' +
        'no "%"; blanks around each are trimmed and empty ones left out. Else a 400 naming `tags`.',
    }),
});

/** ImageKit's upload answer (the fields its clients read). */
export const UploadResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  /** absolute, as ImageKit's: PUBLIC_URL/media/uploads/<folder/><name> */
  url: z.string(),
  /** the file's path with its folder, as ImageKit's: /uploads/<folder/><name> */
  filePath: z.string(),
  /** the tags given, as stored; null when none were (as ImageKit answers) */
  tags: z.array(z.string()).nullable(),
  fileType: z.enum(["image", "non-image"]),
  size: z.number().int(),
  /** the type read from the file's bytes, e.g. image/png */
  mime: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** absolute: `url` resized to 256 px wide */
  thumbnailUrl: z.string().optional(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** A refused upload: our error shape, plus ImageKit's top-level `message` that its clients show. */
export const UploadErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  message: z.string(),
});
