import { text, timestamp } from "drizzle-orm/pg-core";
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
