// The browser's calls to our API (/backend/api/...): JSON in, JSON out, and the server's message when
// it refuses (`{ error: { message } }`, conventions §5), so a screen can show what the user can act on.

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string | null };

/** Calls the API; a network failure is status 0. `message` is the server's, when it sent one. */
export async function callApi<T>(
  path: string,
  /** keepalive: the request outlives the page (a video's position sent as the learner leaves) */
  init: { method?: "GET" | "POST"; body?: unknown; keepalive?: boolean } = {},
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(`/backend/api${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
      ...(init.keepalive ? { keepalive: true } : {}),
    });
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: json as T };
    return { ok: false, status: res.status, message: errorMessage(json) };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

function errorMessage(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("error" in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error === "string") return error || null;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message || null;
  }
  return null;
}
