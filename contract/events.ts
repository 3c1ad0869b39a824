import { z } from "zod";

// spec public-area §3 "Event", "Talent"
export const EventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  time: z.string(),
  /** when it starts (ISO 8601), when known; the streaming link is never public (only ticket holders get it) */
  startsAt: z.string().nullable(),
  coverPhoto: z.string(),
  photos: z.array(z.string()),
});
export type ShowcaseEvent = z.infer<typeof EventSchema>;

export const TalentSchema = z.object({ _id: z.string(), name: z.string(), role: z.string(), photo: z.string() });
export type Talent = z.infer<typeof TalentSchema>;
