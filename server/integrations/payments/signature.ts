// Webhook signatures as Paystack makes them: the hex HMAC-SHA512 of the raw body with the secret key,
// sent in the x-paystack-signature header, compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signWebhook(rawBody: string, secret: string): string {
  return createHmac("sha512", secret).update(rawBody, "utf8").digest("hex");
}

export function isValidWebhookSignature(rawBody: string, header: string | null | undefined, secret: string): boolean {
  if (typeof header !== "string" || !/^[0-9a-fA-F]{128}$/.test(header.trim())) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), "hex");
  const given = Buffer.from(header.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
