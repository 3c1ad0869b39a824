// The signed code of a ticket (issue 9 "Event tickets"): "<purchaseId>.<signature>", the signature
// the first 16 bytes of HMAC-SHA256(purchaseId) in base64url, so a code cannot be made up or altered
// without the server's key. The QR code of a ticket encodes exactly this string.
import { createHmac, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";

const SIGNATURE_BYTES = 16;

/** The key of ticket signatures, derived from the auth secret (like uploadKey): its own purpose string. */
export function ticketKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("academy ticket codes v1").digest();
}

function sign(key: Buffer, purchaseId: string): Buffer {
  return createHmac("sha256", key).update(purchaseId).digest().subarray(0, SIGNATURE_BYTES);
}

/** "65f0c0ffee00000000000001.Xx3...": the purchase id and its signature (22 base64url characters). */
export function ticketCode(key: Buffer, purchaseId: string): string {
  return `${purchaseId}.${sign(key, purchaseId).toString("base64url")}`;
}

/** The purchase id of a genuine code, else null (a malformed, altered or foreign code). */
export function verifyTicketCode(key: Buffer, code: unknown): string | null {
  if (typeof code !== "string" || code.length > 100) return null;
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/.exec(code.trim());
  if (!match) return null;
  const given = Buffer.from(match[2]!, "base64url");
  // one spelling per code: the last character's unused bits must be zero (else "…A" and "…B" would both pass)
  if (given.length !== SIGNATURE_BYTES || given.toString("base64url") !== match[2]) return null;
  return timingSafeEqual(given, sign(key, match[1]!)) ? match[1]! : null;
}

// Medium error correction: readable from a phone screen with a crack or glare, still a small code.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** The QR code of a ticket code as an SVG element (for pages: 2-3 KB, sharp at any size). */
export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { ...QR_OPTIONS, type: "svg" });
}

/** The same QR code as a PNG (for e-mail: clients show PNG, many do not show SVG). */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { ...QR_OPTIONS, type: "png", width: 240 });
}
