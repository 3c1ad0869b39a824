// Home and about page content (public-area §2 "Home", "Home/about page content"; admin-back-office §2,
// §7 "Home content"). The five lists are declared resources served by the kit (contract/admin/resources.ts,
// server/features/admin/registry.service.ts: `services.resources`). The hero is the one record of its
// kind: saved over, or blanked by Delete Hero (admin §4 "Hero delete blanks all hero fields"), and the
// about page falls back to its defaults field by field (decision 005).
import { desc, eq } from "drizzle-orm";
import { resourceInputSchema, describeResourceIssues } from "../../../contract/admin/admin-resource-schema.ts";
import type { Hero } from "../../../contract/content/content.ts";
import { HERO } from "../../../contract/content/content-resources.ts";
import { writeContent } from "../../db/content-version.ts";
import type { Db } from "../../db/client.ts";
import { hero } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";

const HeroInput = resourceInputSchema(HERO);
const BLANK_HERO: Hero = { title: "", subtitle: "", videoUrl: "", buttonText: "", buttonLink: "" };

export function createContentService(db: Db) {
  const latestHero = (tx: Pick<Db, "select"> = db) =>
    tx.select().from(hero).orderBy(desc(hero.updatedAt), desc(hero.id)).limit(1);
  const heroOf = (r: typeof hero.$inferSelect): Hero => ({
    videoUrl: r.videoUrl,
    title: r.title,
    subtitle: r.subtitle,
    buttonText: r.buttonText,
    buttonLink: r.buttonLink,
  });

  /** Saves the hero's fields over the one row (made on the first save), audited as a change of it. */
  async function writeHero(actor: Actor, values: Hero, action: "update" | "delete"): Promise<Hero> {
    return writeContent(db, [HERO.scope], async (tx) => {
      const [current] = await latestHero(tx).for("update");
      const [row] = current
        ? await tx
            .update(hero)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(hero.id, current.id))
            .returning()
        : await tx.insert(hero).values(values).returning();
      await recordAudit(tx, actor, {
        action,
        resource: HERO.key,
        itemId: row!.id,
        itemLabel: "About page hero",
        before: current ? heroOf(current) : null,
        after: heroOf(row!),
      });
      return heroOf(row!);
    });
  }

  return {
    /** The single hero banner, or null when none is saved (the page then shows its defaults; decision 003). */
    async getHero(): Promise<Hero | null> {
      const [r] = await latestHero();
      return r ? heroOf(r) : null;
    },

    /** PUT /api/hero: the hero's five fields (no validation in the spec; addresses are checked). */
    async saveHero(actor: Actor | null, body: unknown): Promise<Hero> {
      const admin = requireAdmin(actor);
      const parsed = HeroInput.safeParse(body ?? {});
      if (!parsed.success) throw Invalid(describeResourceIssues(HERO, parsed.error.issues));
      return writeHero(admin, parsed.data as Hero, "update");
    },

    /** DELETE /api/hero: every field blanked (admin §4); the about page shows its defaults. */
    async clearHero(actor: Actor | null): Promise<Hero> {
      const admin = requireAdmin(actor);
      return writeHero(admin, BLANK_HERO, "delete");
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
