// Home and about page content (public-area §2 "Home", "Home/about page content"; admin-back-office §2,
// §7 "Home content"). The five lists are declared resources (server/features/admin/resource.ts): their
// public lists, admin pages and audited writes come from the declarations below. The hero is the one
// record of its kind: saved over, or blanked by Delete Hero (admin §4 "Hero delete blanks all hero
// fields"), and the about page falls back to its defaults field by field (decision 005).
import { desc, eq } from "drizzle-orm";
import { resourceInputSchema, describeResourceIssues } from "../../../contract/admin-resource-schema.ts";
import type { Hero } from "../../../contract/content.ts";
import { BLOG_TEASERS, CAROUSEL, EXPERTS, FAQS, HERO, INSTRUCTOR_CTAS } from "../../../contract/content-resources.ts";
import { writeContent } from "../../db/content-version.ts";
import type { Db } from "../../db/client.ts";
import { blogTeasers, carouselSlides, experts, faqs, hero, instructorCtas } from "../../db/schema.ts";
import { Invalid } from "../../lib/errors.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";
import { createResourceService, type ResourceBinding } from "../admin/resource.ts";

const home = "Home content";
const about = "About content";

export const CONTENT_RESOURCES = {
  carousel: {
    spec: CAROUSEL,
    table: carouselSlides,
    scope: "home",
    tag: home,
    operations: {
      list: "listCarouselSlides",
      page: "listCarouselSlidesForAdmin",
      create: "createCarouselSlide",
      update: "updateCarouselSlide",
      remove: "deleteCarouselSlide",
      move: "moveCarouselSlide",
    },
  } satisfies ResourceBinding<"title" | "description" | "image">,
  blogTeasers: {
    spec: BLOG_TEASERS,
    table: blogTeasers,
    scope: "home",
    tag: home,
    operations: {
      list: "listBlogTeasers",
      page: "listBlogTeasersForAdmin",
      create: "createBlogTeaser",
      update: "updateBlogTeaser",
      remove: "deleteBlogTeaser",
      move: "moveBlogTeaser",
    },
  } satisfies ResourceBinding<"headline" | "description" | "image">,
  instructorCtas: {
    spec: INSTRUCTOR_CTAS,
    table: instructorCtas,
    scope: "home",
    tag: home,
    operations: {
      list: "listInstructorCtas",
      page: "listInstructorCtasForAdmin",
      create: "createInstructorCta",
      update: "updateInstructorCta",
      remove: "deleteInstructorCta",
      move: "moveInstructorCta",
    },
  } satisfies ResourceBinding<"title" | "description" | "image" | "buttonText" | "buttonLink">,
  faqs: {
    spec: FAQS,
    table: faqs,
    scope: "home",
    tag: home,
    operations: {
      list: "listFaqs",
      page: "listFaqsForAdmin",
      create: "createFaq",
      update: "updateFaq",
      remove: "deleteFaq",
      move: "moveFaq",
    },
  } satisfies ResourceBinding<"question" | "answer">,
  experts: {
    spec: EXPERTS,
    table: experts,
    scope: "about",
    tag: about,
    operations: {
      list: "listExperts",
      page: "listExpertsForAdmin",
      create: "createExpert",
      update: "updateExpert",
      remove: "deleteExpert",
      move: "moveExpert",
    },
  } satisfies ResourceBinding<"name" | "role" | "expertise" | "img">,
};

const HeroInput = resourceInputSchema(HERO);
const BLANK_HERO: Hero = { title: "", subtitle: "", videoUrl: "", buttonText: "", buttonLink: "" };

export function createContentService(db: Db) {
  const R = CONTENT_RESOURCES;
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
    return writeContent(db, ["about"], async (tx) => {
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
        resource: "hero",
        itemId: row!.id,
        itemLabel: "About page hero",
        before: current ? heroOf(current) : null,
        after: heroOf(row!),
      });
      return heroOf(row!);
    });
  }

  return {
    carousel: createResourceService(db, R.carousel),
    blogTeasers: createResourceService(db, R.blogTeasers),
    instructorCtas: createResourceService(db, R.instructorCtas),
    faqs: createResourceService(db, R.faqs),
    experts: createResourceService(db, R.experts),

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
