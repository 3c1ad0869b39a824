// The address the rate limits key on (issue 15): IPv4 as it is, IPv4 mapped into IPv6 as the IPv4
// address, IPv6 as its /64, and always a valid address (Better Auth reads it from a header and ignores
// anything else).
import { Hono } from "hono";
import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { addressKey, clientIp } from "./client-ip.ts";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("10.0.0.1")).toBe("10.0.0.1");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address, in every spelling", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
  });

  it("groups IPv6 addresses by their /64: every address a device picks in its network is one client", () => {
    const key = addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(key).toBe("2001:db8:1:2::");
    for (const other of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:0:0:0:9",
      "2001:db8:1:2:1234:5678:9abc:def0",
    ]) {
      expect(addressKey(other)).toBe(key);
    }
    // the neighbouring /64s are other clients
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::");
    expect(addressKey("2001:db8:1::1")).toBe("2001:db8:1:0::");
    expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::");
  });

  it("handles the loopback, zones and compressed forms", () => {
    expect(addressKey("::1")).toBe("0:0:0:0::");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::");
    expect(addressKey("fe80::2%2")).toBe("fe80:0:0:0::");
    expect(addressKey("::")).toBe("0:0:0:0::");
    expect(addressKey("2001:db8:1:2:3:4:1.2.3.4")).toBe("2001:db8:1:2::");
  });

  it("falls back to the loopback address for what is no address", () => {
    expect(addressKey(undefined)).toBe("127.0.0.1");
    expect(addressKey("")).toBe("127.0.0.1");
    expect(addressKey("not an address")).toBe("127.0.0.1");
    expect(addressKey("2001:db8::1::2")).toBe("127.0.0.1");
  });

  it("always answers a valid IP address (what Better Auth's rate limit reads from its header)", () => {
    for (const address of ["203.0.113.7", "::ffff:1.2.3.4", "2001:db8:1:2::1", "::1", "fe80::1%eth0", "nonsense"]) {
      expect(isIP(addressKey(address)), address).not.toBe(0);
    }
  });
});

describe("clientIp", () => {
  const app = new Hono().get("/", (c) => c.text(clientIp(c)));
  const from = (remoteAddress?: string) =>
    Promise.resolve(app.request("/", {}, remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined)).then(
      (r) => r.text(),
    );

  it("reads the socket's address and keys it", async () => {
    expect(await from("198.51.100.4")).toBe("198.51.100.4");
    expect(await from("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(await from("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::");
  });

  it("never trusts a forwarded-for header, and answers the loopback address without a socket", async () => {
    const res = await app.request("/", { headers: { "X-Forwarded-For": "192.0.2.99" } });
    expect(await res.text()).toBe("127.0.0.1");
    expect(await from()).toBe("127.0.0.1");
  });
});
