// An address as the limits count it (issue 15). The server listens on IPv6 too, where one household or
// phone is given a whole /64 and picks a new address inside it whenever it likes (privacy extensions):
// keyed on the full address, one client would get a fresh limit per address. So an IPv6 client counts
// as its /64 network, and an IPv4 client reaching an IPv6 socket (`::ffff:1.2.3.4`) as the IPv4
// address it is. The result is still a valid IP address (the /64's first address), because Better
// Auth's own rate limits read it from a header and ignore anything that is not an address. Used by the
// rate limits (server/http/client-ip.ts) and the sign-in counters (server/features/auth/attempts.ts).
import { isIPv4, isIPv6 } from "node:net";

/** What app.request() in tests has without a socket: the loopback address. */
export const NO_SOCKET = "127.0.0.1";

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((g) => Number.parseInt(g, 16));
}

/**
 * The rate-limit identity of a socket address: an IPv4 address as it is (also when mapped into IPv6),
 * an IPv6 address as its /64 network written as that network's first address (`2001:db8:1:2::`).
 * Anything else (no address at all) is the loopback address.
 */
export function addressKey(address: string | undefined | null): string {
  // a link-local address may carry its interface ("fe80::1%eth0"): the zone is no part of the address
  const raw = (address ?? "").trim().replace(/%.*$/, "");
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return NO_SOCKET;
  const groups = ipv6Groups(raw.toLowerCase());
  // ::ffff:a.b.c.d, the IPv4-mapped form: the client is that IPv4 address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::`;
}
