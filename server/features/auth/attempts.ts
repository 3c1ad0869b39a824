// Counters that every app process shares (architecture: no state in process memory), kept in the
// auth_attempt table: how many e-mails an address got this hour, how many step-up passwords a user
// tried this minute, how many wrong passwords an account saw lately (docs/decisions/012). Each check
// is one INSERT … ON CONFLICT DO UPDATE: concurrent requests queue on the row and each sees the
// count the one before it left, so a burst cannot slip through between a read and a write.
import { eq, sql, type SQL } from "drizzle-orm";
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
      .returning({ count: authAttempt.count });
  }

  return {
    /**
     * Counts one use of `key` in a fixed window that starts with the first use; false once more than
     * `max` uses fall in the window.
     */
    async consume(key: string, max: number, windowMs: number): Promise<boolean> {
      const now = clock();
      const expired = sql`${authAttempt.firstAt} <= ${now - windowMs}`;
      const [row] = await countUse(key, now, expired);
      return (row?.count ?? 0) <= max;
    },

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

    /** The password was right (or reset): the account's failures are forgotten. */
    async forgive(key: string): Promise<void> {
      await db.delete(authAttempt).where(eq(authAttempt.key, key));
    },
  };
}

export type Attempts = ReturnType<typeof createAttempts>;
