// Counters that every app process shares (architecture: no state in process memory), kept in the
// auth_attempt table: how many e-mails an address got this hour, how many step-up passwords a user
// tried this minute, how many wrong passwords an account saw lately from one address or one trusted
// device (docs/decisions/012, 024). Each check is one INSERT … ON CONFLICT DO UPDATE (or one
// conditional UPDATE): concurrent requests queue on the row and each sees the count the one before it
// left, so a burst cannot slip through between a read and a write.
import { addressKey } from "../../lib/address.ts";
import { and, eq, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { authAttempt } from "../../db/schema.ts";

/** Failed sign-ins an account may have before it slows down. */
export const SIGN_IN_FREE_FAILURES = 5;
/** Failures further apart than this start counting again. */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
/** The first pause, doubled by each further failure… */
export const SIGN_IN_FIRST_PAUSE_MS = 30_000;
/** …up to this: the owner is never kept out longer (and a password reset ends it at once). */
export const SIGN_IN_MAX_PAUSE_MS = 15 * 60_000;

/** The pause after `failures` failed sign-ins in a row (none below SIGN_IN_FREE_FAILURES). */
export function signInPauseMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(SIGN_IN_FIRST_PAUSE_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES), SIGN_IN_MAX_PAUSE_MS);
}

export type SignInTurn = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The client address as sign-in counts it: an IPv4 address as it is, an IPv6 address by its /64 (one
 * customer's network: a single line of a home router or a phone gets a whole /64, so counting each
 * address apart would give one attacker billions of fresh addresses), as the rate limits count it.
 */
export function addressGroup(ip: string | null | undefined): string {
  const address = (ip ?? "").trim();
  return address ? addressKey(address) : "unknown";
}

/**
 * The keys of the sign-in counters. `target` is `user:<id>` for an account, `name:<as typed>` for a
 * name no account has (it slows down exactly the same way, so the pause reveals nothing).
 */
export const signInKeys = {
  /** failures of untrusted clients from one address (or IPv6 /64) on one account */
  address: (target: string, address: string) => `sign-in|${target}|ip:${address}`,
  /** failures from one trusted device (a valid device cookie of this account, device-cookie.ts) */
  device: (userId: string, nonce: string) => `sign-in|user:${userId}|device:${nonce}`,
  /** every sign-in counter of an account (a password reset clears them all) */
  account: (userId: string) => `sign-in|user:${userId}`,
  /** sign-in attempts from one address over all accounts, per minute (SIGN_IN_RATE_LIMIT) */
  rate: (address: string) => `rate|sign-in|${address}`,
};

export function createAttempts(db: Db, clock: () => number = Date.now) {
  /** One more use of `key` at `now`: a new window when `expired`; no change at all unless `when`. */
  function countUse(key: string, now: number, expired: SQL, when?: SQL) {
    return db
      .insert(authAttempt)
      .values({ key, count: 1, firstAt: now, lastAt: now })
      .onConflictDoUpdate({
        target: authAttempt.key,
        set: {
          count: sql`case when ${expired} then 1 else ${authAttempt.count} + 1 end`,
          firstAt: sql`case when ${expired} then ${now} else ${authAttempt.firstAt} end`,
          lastAt: sql`${now}`,
        },
        ...(when ? { setWhere: when } : {}),
      })
      .returning({ count: authAttempt.count, firstAt: authAttempt.firstAt });
  }

  /**
   * Counts one use of `key` at `now` in a fixed window that starts with the first use, and answers the
   * uses so far in the window and when it began (the rate limits, server/http/rate-limit.ts, tell
   * how long to wait from it). One INSERT … ON CONFLICT DO UPDATE: concurrent calls queue on the row
   * and each sees the count the one before it left.
   */
  async function countInWindow(
    key: string,
    windowMs: number,
    now: number,
  ): Promise<{ count: number; firstAt: number }> {
    const [row] = await countUse(key, now, sql`${authAttempt.firstAt} <= ${now - windowMs}`);
    return row ?? { count: 1, firstAt: now };
  }

  return {
    /**
     * Counts one use of `key` in a fixed window that starts with the first use; false once more than
     * `max` uses fall in the window.
     */
    async consume(key: string, max: number, windowMs: number): Promise<boolean> {
      const { count } = await countInWindow(key, windowMs, clock());
      return count <= max;
    },

    countInWindow,

    /**
     * A sign-in attempt on an account is about to check a password. It is counted as a failure now
     * (a burst of parallel guesses must not all pass before the first one fails) and forgiven by
     * `forgive` when the password was right. While the account is paused the attempt is refused and
     * not counted, so hammering a paused account does not keep its owner out longer.
     */
    async beginSignIn(key: string): Promise<SignInTurn> {
      const now = clock();
      const pause = sql`least(${SIGN_IN_FIRST_PAUSE_MS} * power(2, least(${authAttempt.count} - ${SIGN_IN_FREE_FAILURES}, 20)), ${SIGN_IN_MAX_PAUSE_MS})`;
      const paused = sql`(${authAttempt.count} >= ${SIGN_IN_FREE_FAILURES} and ${now} < ${authAttempt.lastAt} + ${pause})`;
      const expired = sql`${authAttempt.lastAt} <= ${now - SIGN_IN_FAILURE_WINDOW_MS}`;
      // A paused row is not updated, and then RETURNING gives no row: that is the refusal.
      const counted = await countUse(key, now, expired, sql`not ${paused}`);
      if (counted.length > 0) return { allowed: true };
      const [row] = await db
        .select({ count: authAttempt.count, lastAt: authAttempt.lastAt })
        .from(authAttempt)
        .where(eq(authAttempt.key, key));
      const waitMs = row ? row.lastAt + signInPauseMs(row.count) - now : 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /**
     * One more password check on a paused key, counted now (a wrong one lengthens the pause), as long
     * as fewer than `max` failures are on it; false, and nothing counted, once there are `max`. A
     * trusted device's right password gets in even while the device is paused (docs/decisions/024),
     * and this bounds how many guesses a stolen device cookie could make that way.
     */
    async countPausedCheck(key: string, max: number): Promise<{ counted: boolean; retryAfterSeconds: number }> {
      const now = clock();
      const [row] = await db
        .update(authAttempt)
        .set({ count: sql`${authAttempt.count} + 1`, lastAt: now })
        .where(and(eq(authAttempt.key, key), lt(authAttempt.count, max)))
        .returning({ count: authAttempt.count });
      if (!row) return { counted: false, retryAfterSeconds: 0 };
      return { counted: true, retryAfterSeconds: Math.max(1, Math.ceil(signInPauseMs(row.count) / 1000)) };
    },

    /** The password was right: the failures counted on `key` are forgotten. */
    async forgive(key: string): Promise<void> {
      await db.delete(authAttempt).where(eq(authAttempt.key, key));
    },

    /** The password was reset: every sign-in counter of the account (all addresses, all devices) goes. */
    async forgiveAccount(userId: string): Promise<void> {
      const key = signInKeys.account(userId);
      await db.delete(authAttempt).where(or(eq(authAttempt.key, key), like(authAttempt.key, `${key}|%`)));
    },
  };
}

export type Attempts = ReturnType<typeof createAttempts>;
