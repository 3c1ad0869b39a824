import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The socket's address; app.request() in tests has no socket. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}
