// Showcase events and talents (public-area §2 "Showcase"). Talents are a declared admin resource
// (contract/showcase/showcase-resources.ts; decisions 029, 071): their API and audited writes are the kit's.
import { asc, eq } from "drizzle-orm";
import type { ShowcaseEvent, Talent } from "../../../contract/showcase/events.ts";
import type { Db } from "../../db/client.ts";
import { events, talents } from "../../db/schema.ts";

export function createEventsService(db: Db) {
  return {
    async listEvents(): Promise<ShowcaseEvent[]> {
      // a hidden event is not on the showcase (issue 18): its tickets are no longer sold
      const rows = await db.select().from(events).where(eq(events.hidden, false)).orderBy(asc(events.id));
      return rows.map((r) => ({
        _id: r.id,
        name: r.name,
        description: r.description,
        time: r.time,
        startsAt: r.startsAt ? r.startsAt.toISOString() : null,
        coverPhoto: r.coverPhoto,
        photos: r.photos,
      }));
    },

    async listTalents(): Promise<Talent[]> {
      const rows = await db.select().from(talents).orderBy(asc(talents.id));
      return rows.map((r) => ({ _id: r.id, name: r.name, role: r.role, photo: r.photo }));
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
