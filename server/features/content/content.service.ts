// Home and about page content (public-area §2 "Home", "Home/about page content").
import { asc, desc } from "drizzle-orm";
import type { BlogTeaser, CarouselSlide, Expert, Faq, Hero, InstructorCta } from "../../../contract/content.ts";
import type { Db } from "../../db/client.ts";
import { blogTeasers, carouselSlides, experts, faqs, hero, instructorCtas } from "../../db/schema.ts";

export function createContentService(db: Db) {
  return {
    async listCarousel(): Promise<CarouselSlide[]> {
      const rows = await db.select().from(carouselSlides).orderBy(asc(carouselSlides.position), asc(carouselSlides.id));
      return rows.map((r) => ({ _id: r.id, image: r.image, title: r.title, description: r.description }));
    },

    async listBlogTeasers(): Promise<BlogTeaser[]> {
      const rows = await db.select().from(blogTeasers).orderBy(asc(blogTeasers.id));
      return rows.map((r) => ({ _id: r.id, headline: r.headline, description: r.description, image: r.image }));
    },

    async listInstructorCtas(): Promise<InstructorCta[]> {
      const rows = await db.select().from(instructorCtas).orderBy(asc(instructorCtas.id));
      return rows.map((r) => ({
        _id: r.id,
        title: r.title,
        description: r.description,
        buttonText: r.buttonText,
        buttonLink: r.buttonLink,
        image: r.image,
      }));
    },

    async listFaqs(): Promise<Faq[]> {
      const rows = await db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
      return rows.map((r) => ({ _id: r.id, question: r.question, answer: r.answer }));
    },

    /** The single hero banner, or null when none is saved (the page then shows its defaults; decision 003). */
    async getHero(): Promise<Hero | null> {
      const [r] = await db.select().from(hero).orderBy(desc(hero.updatedAt), desc(hero.id)).limit(1);
      if (!r) return null;
      return {
        videoUrl: r.videoUrl,
        title: r.title,
        subtitle: r.subtitle,
        buttonText: r.buttonText,
        buttonLink: r.buttonLink,
      };
    },

    async listExperts(): Promise<Expert[]> {
      const rows = await db.select().from(experts).orderBy(asc(experts.id));
      return rows.map((r) => ({ _id: r.id, name: r.name, role: r.role, expertise: r.expertise, img: r.img }));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
