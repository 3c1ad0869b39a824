// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/024).
// A browser or client that signed in to an account gets a long-lived cookie naming that account,
// signed with the auth secret. A sign-in that carries a valid one is from a known device: it is
// counted on that device alone, so nobody else's wrong passwords (from any address) keep the owner
// out of their own devices. One cookie per account (its id in the name), so a shared computer keeps
// every account it knows.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a device stays known after its last sign-in (each sign-in issues a fresh cookie). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const PREFIX = "academy.device.";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface DeviceCookie {
  name: string;
  value: string;
  attributes: {
    httpOnly: true;
    secure: boolean;
    sameSite: "lax";
    path: "/";
    maxAge: number;
  };
}

export interface KnownDevice {
  userId: string;
  /** this cookie's own random id: the key its failures are counted under */
  nonce: string;
}

export function createDeviceCookies({
  secret,
  secure,
  clock = Date.now,
}: {
  /** AUTH_SECRET (or the secret kept in DATA_DIR) */
  secret: string;
  /** PUBLIC_URL is https: the cookie is Secure and __Secure- prefixed, like the session cookie */
  secure: boolean;
  clock?: () => number;
}) {
  // A key of its own, derived from the auth secret, so that this MAC can never be mistaken for
  // another of the secret's signatures.
  const key = createHmac("sha256", secret).update("academy device cookie v1").digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  const nameOf = (userId: string) => `${secure ? "__Secure-" : ""}${PREFIX}${userId}`;

  return {
    nameOf,

    /** A fresh cookie for `userId`'s device, to set on a successful sign-in. */
    issue(userId: string): DeviceCookie {
      const nonce = randomBytes(16).toString("base64url");
      const payload = `${userId}.${nonce}.${Math.floor(clock() / 1000)}`;
      return {
        name: nameOf(userId),
        value: `${payload}.${mac(payload)}`,
        attributes: { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS },
      };
    },

    /**
     * The known device this request comes from for `userId`, or null: no cookie for that account, a
     * forged or altered one, one naming another account, or one older than its lifetime.
     */
    read(cookieHeader: string | null | undefined, userId: string): KnownDevice | null {
      if (!cookieHeader || !ID.test(userId)) return null;
      const name = nameOf(userId);
      for (const part of cookieHeader.split(";")) {
        const eq = part.indexOf("=");
        if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
        const found = verify(part.slice(eq + 1).trim(), userId);
        if (found) return found;
      }
      return null;
    },
  };

  function verify(value: string, userId: string): KnownDevice | null {
    const parts = value.split(".");
    if (parts.length !== 4) return null;
    const [owner, nonce, issuedAt, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(mac(`${owner}.${nonce}.${issuedAt}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (owner !== userId || !ID.test(nonce) || !/^\d{1,12}$/.test(issuedAt)) return null;
    const age = clock() / 1000 - Number(issuedAt);
    if (age < -60 || age > DEVICE_COOKIE_MAX_AGE_SECONDS) return null;
    return { userId, nonce };
  }
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
