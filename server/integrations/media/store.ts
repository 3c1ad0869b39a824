// Where uploaded media is kept (architecture "Media"; decision 014). The upload service sees only this
// interface: local disk today (local-store.ts), an S3-compatible store later, chosen at wiring.

/** A key is a relative path such as "uploads/<id>.png": lower-case letters, digits, "-", "_", "." and "/". */
export const STORE_KEY = /^(?!.*\.\.)(?!\/)[a-z0-9][a-z0-9_./-]*$/;

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface MediaStore {
  /** Writes the object whole: a reader never sees half of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
}

export function assertStoreKey(key: string): void {
  if (!STORE_KEY.test(key)) throw new Error(`not a valid media store key: ${JSON.stringify(key)}`);
}
