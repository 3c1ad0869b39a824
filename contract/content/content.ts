import { z } from "zod";

// spec public-area §3 and admin-back-office §3
export const CarouselSlideSchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
});
export type CarouselSlide = z.infer<typeof CarouselSlideSchema>;

export const BlogTeaserSchema = z.object({
  _id: z.string(),
  headline: z.string(),
  description: z.string(),
  image: z.string(),
});
export type BlogTeaser = z.infer<typeof BlogTeaserSchema>;

export const InstructorCtaSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  buttonLink: z.string(),
  image: z.string(),
});
export type InstructorCta = z.infer<typeof InstructorCtaSchema>;

export const FaqSchema = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof FaqSchema>;

export const HeroSchema = z.object({
  videoUrl: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttonText: z.string(),
  buttonLink: z.string(),
});
export type Hero = z.infer<typeof HeroSchema>;

export const ExpertSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  expertise: z.string(),
  img: z.string(),
});
export type Expert = z.infer<typeof ExpertSchema>;
