import { bigint, text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "../../lib/id.ts";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * An amount of money in kobo (issue 29): 64-bit, so the documented limits hold end to end (a course up to
 * ₦100,000,000 is 10,000,000,000 kobo, beyond a 32-bit integer's ₦21,474,836.47). Read as a JavaScript
 * number: exact up to 2^53 kobo, far above any price or payment.
 */
export const kobo = (name: string) => bigint(name, { mode: "number" });
