// Showcase events and talents (public-area §2 "Showcase").
import { asc } from "drizzle-orm";
import type { ShowcaseEvent, Talent } from "../../../contract/events.ts";
import type { Db } from "../../db/client.ts";
import { events, talents } from "../../db/schema.ts";

export function createEventsService(db: Db) {
  return {
    async listEvents(): Promise<ShowcaseEvent[]> {
      const rows = await db.select().from(events).orderBy(asc(events.id));
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
