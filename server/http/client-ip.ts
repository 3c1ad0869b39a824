// Who is calling, as the rate limits see it: the socket's address, an IPv6 one by its /64
// (server/lib/address.ts).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { addressKey, NO_SOCKET } from "../lib/address.ts";

export { addressKey };

/**
 * The client's address as the rate limits key it (see addressKey): the socket's peer, never a header a
 * client can write (X-Forwarded-For is not trusted: the app is reached directly).
 */
export function clientIp(c: Context): string {
  try {
    return addressKey(getConnInfo(c).remote.address);
  } catch {
    return NO_SOCKET;
  }
}
