// Where uploaded media and profile images are kept (architecture "Media"; decision 014). The upload
// service and the avatars (server/features/auth/avatar.ts) see only this interface: local disk
// (local-store.ts) or an S3-compatible store (s3-store.ts), chosen once by createMediaStore
// (create-media-store.ts).

/**
 * A key is a relative path such as "uploads/<id>.png": lower-case letters, digits, "-", "_", "." and "/",
 * never "..". Its folders may also have upper-case letters (an upload's ImageKit folder, "uploads/Blog/<id>.png",
 * decision 065); the file's own name may not.
 */
export const STORE_KEY = /^(?!.*\.\.)(?=[A-Za-z0-9])(?:[A-Za-z0-9_.-]*\/)*[a-z0-9_.-]+$/;

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface MediaStore {
  /** Writes the object whole: a reader never sees half of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether the object exists, without reading it (the local store: a stat; S3: a HEAD request). */
  has(key: string): Promise<boolean>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
  /**
   * A file on this machine holding the object, for /media to stream and resize (the local store: the
   * file itself; a remote store: a copy made on first use). Null when there is no such object.
   */
  localFile(key: string): Promise<LocalFile | null>;
}

export interface LocalFile {
  file: string;
  size: number;
  mtimeMs: number;
}

export function assertStoreKey(key: string): void {
  if (!STORE_KEY.test(key)) throw new Error(`not a valid media store key: ${JSON.stringify(key)}`);
}
