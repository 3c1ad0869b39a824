// Home and about page content (public-area §3, admin-back-office §3).
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

export const carouselSlides = pgTable("carousel_slides", {
  id: id(),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  image: text("image").notNull().default(""),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogTeasers = pgTable("blog_teasers", {
  id: id(),
  headline: text("headline").notNull(),
  description: text("description").notNull(),
  image: text("image").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const instructorCtas = pgTable("instructor_ctas", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  image: text("image").notNull(),
  buttonText: text("button_text").notNull(),
  buttonLink: text("button_link").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const faqs = pgTable("faqs", {
  id: id(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The single hero banner of /about: at most one row. */
export const hero = pgTable("hero", {
  id: id(),
  title: text("title").notNull().default(""),
  subtitle: text("subtitle").notNull().default(""),
  videoUrl: text("video_url").notNull().default(""),
  buttonText: text("button_text").notNull().default(""),
  buttonLink: text("button_link").notNull().default(""),
  updatedAt: updatedAt(),
});

export const experts = pgTable("experts", {
  id: id(),
  name: text("name").notNull().default(""),
  role: text("role").notNull().default(""),
  expertise: text("expertise").notNull().default(""),
  img: text("img").notNull().default(""),
  /** the admins' order on the about page (issue 16) */
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The tables of the declared resources above, by their key (contract/content/content-resources.ts): each gets
 * the kit's audited service and API (server/db/resource-tables.ts; decision 071).
 */
export const CONTENT_RESOURCE_TABLES = {
  carousel: carouselSlides,
  blogTeasers,
  instructorCTAs: instructorCtas,
  faqs,
  experts,
};
