import { describe, expect, it } from "vitest";
import { ticketCode, ticketKey, ticketQrPng, ticketQrSvg, verifyTicketCode } from "./ticket-code.ts";

const key = ticketKey("a".repeat(32));
const purchaseId = "65f0c0ffee00000000000001";

describe("ticket codes", () => {
  it("is the purchase id and a 16-byte base64url signature, verified back to the purchase id", () => {
    const code = ticketCode(key, purchaseId);
    expect(code).toMatch(/^65f0c0ffee00000000000001\.[A-Za-z0-9_-]{22}$/);
    expect(verifyTicketCode(key, code)).toBe(purchaseId);
    expect(verifyTicketCode(key, ` ${code}\n`)).toBe(purchaseId); // as a scanner may hand it over
    expect(ticketCode(key, purchaseId)).toBe(code); // stable: the same ticket, the same code
  });

  it("refuses an altered id or signature, another key's code, and anything malformed", () => {
    const code = ticketCode(key, purchaseId);
    const [id, sig] = code.split(".") as [string, string];
    const otherId = "65f0c0ffee00000000000002";
    expect(verifyTicketCode(key, `${otherId}.${sig}`)).toBeNull();
    const flipped = sig[0] === "A" ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect(verifyTicketCode(key, `${id}.${flipped}`)).toBeNull();
    expect(verifyTicketCode(ticketKey("b".repeat(32)), code)).toBeNull();
    expect(ticketKey("a".repeat(32)).equals(key)).toBe(true);
    for (const bad of [
      "",
      ".",
      id,
      `${id}.`,
      `${id}.${sig}x`,
      `${id}.${sig.slice(1)}`,
      `${id.toUpperCase()}.${sig}`,
      `${id}.${sig}.${sig}`,
      "x".repeat(10_000),
      null,
      undefined,
      42,
      { code },
    ]) {
      expect(verifyTicketCode(key, bad)).toBeNull();
    }
  });

  it("draws the code as an SVG QR code and as a PNG", async () => {
    const code = ticketCode(key, purchaseId);
    const svg = await ticketQrSvg(code);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.length).toBeLessThan(6000);
    const png = await ticketQrPng(code);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(240); // width from the IHDR chunk
  });
});
