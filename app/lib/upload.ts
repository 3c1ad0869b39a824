// Uploading a picture or a video from the browser (admin-back-office §7 "GET /posts/upload-auth";
// decision 014): a single-use token from our API, then the file to the ImageKit-style upload endpoint
// with XMLHttpRequest, whose upload.onprogress reports the bytes sent (fetch cannot).

/** Where the upload endpoint lives (server/features/uploads/uploads.routes.ts UPLOAD_PATH). */
export const UPLOAD_URL = "/backend/api/v1/files/upload";
export const UPLOAD_AUTH_URL = "/backend/posts/upload-auth";

export class UploadError extends Error {}

interface UploadAuth {
  token: string;
  expire: number;
  signature: string;
}

/** The server's reason, from `{ message }` or `{ error: { message } }`. */
function reasonOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as { message?: unknown; error?: { message?: unknown } };
  if (typeof b.message === "string" && b.message) return b.message;
  if (typeof b.error?.message === "string" && b.error.message) return b.error.message;
  return null;
}

async function uploadAuth(): Promise<UploadAuth> {
  let res: Response;
  try {
    res = await fetch(UPLOAD_AUTH_URL, { headers: { Accept: "application/json" }, cache: "no-store" });
  } catch {
    throw new UploadError("The server could not be reached. Check your connection and try again.");
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new UploadError(reasonOf(body) ?? `The server answered ${res.status}.`);
  return body as UploadAuth;
}

/**
 * The path of an upload's answer `url`: the server answers absolute URLs (as ImageKit does, from
 * PUBLIC_URL; decision 026) and pages keep the path, which the sanitizer, MediaImage and a later change
 * of PUBLIC_URL all take.
 */
export function uploadedPath(url: string, base: string): string {
  try {
    const parsed = new URL(url, base);
    return parsed.pathname.startsWith("/media/") && parsed.search === "" ? parsed.pathname : url;
  } catch {
    return url;
  }
}

/**
 * Uploads `file`; `onProgress` gets whole percents from 0 to 100. Resolves with the stored file's
 * path (/media/uploads/...), or rejects with an UploadError that says why.
 */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  onProgress(0);
  const auth = await uploadAuth();
  const form = new FormData();
  form.append("file", file);
  form.append("fileName", file.name || "upload");
  form.append("token", auth.token);
  form.append("expire", String(auth.expire));
  form.append("signature", auth.signature);
  form.append("useUniqueFileName", "true");
  const { status, body } = await sendWithProgress(UPLOAD_URL, form, {}, onProgress);
  const url = (body as { url?: unknown } | null)?.url;
  if (status >= 200 && status < 300 && typeof url === "string") {
    onProgress(100);
    return uploadedPath(url, window.location.href);
  }
  throw new UploadError(reasonOf(body) ?? `The server answered ${status}.`);
}

/** A POST with XMLHttpRequest, its upload's progress in whole percents; its status and JSON answer. */
function sendWithProgress(
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new UploadError("The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new UploadError("The upload was cancelled."));
    xhr.send(body);
  });
}

/**
 * Sends `file` as the raw body of a POST to one of our API's upload routes (a lesson's video or material,
 * `?name=` its file name; the session cookie goes with it, the same origin), with its progress. Resolves
 * with the API's answer, or rejects with an UploadError that says the server's reason.
 */
export async function uploadRaw(url: string, file: File, onProgress: (percent: number) => void): Promise<unknown> {
  onProgress(0);
  const target = `${url}${url.includes("?") ? "&" : "?"}name=${encodeURIComponent(file.name || "upload")}`;
  const { status, body } = await sendWithProgress(
    target,
    file,
    { "Content-Type": "application/octet-stream", Accept: "application/json" },
    onProgress,
  );
  if (status >= 200 && status < 300) {
    onProgress(100);
    return body;
  }
  throw new UploadError(reasonOf(body) ?? `The server answered ${status}.`);
}
