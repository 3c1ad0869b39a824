// Many made-up posts for benchmarks (`npm run seed -- --posts 10000`): titles and bodies put together
// from word lists, so that full-text search has varied text to rank, in random categories, spread
// over the last two years, by the demo blog's writers. Inserted ~500 rows per writeContent.
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { writeContent } from "../content-version.ts";
import { posts, postStats, postVisits } from "../schema.ts";
import { newId } from "../../lib/id.ts";
import { slugify } from "../../lib/slug.ts";
import { ensureBlogAuthors, recentVisits, upsertStats } from "./blog-seed.ts";
import { CATEGORY_NAMES, type Category } from "./categories.ts";

export const GENERATED_BATCH = 500;
/** The most one run adds (a benchmark, not a data generator). */
export const GENERATED_MAX = 1_000_000;
const SPREAD_MS = 2 * 365 * 24 * 60 * 60_000;

export interface GeneratedPostsOptions {
  count: number;
  now?: Date;
  /** the random seed; the same seed gives the same titles, bodies and dates */
  seed?: number;
  batchSize?: number;
  /** called after each batch with the number added so far */
  onProgress?: (added: number) => void;
}

/** mulberry32 */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS: Record<Category, string[]> = {
  Coding: [
    "JavaScript",
    "TypeScript",
    "Python",
    "React",
    "Node.js",
    "SQL databases",
    "REST APIs",
    "Git",
    "unit testing",
    "Flutter",
    "data analysis",
    "web performance",
    "debugging",
    "algorithms",
  ],
  "Graphic Design": [
    "logo design",
    "typography",
    "colour theory",
    "Figma",
    "brand identity",
    "poster layout",
    "illustration",
    "UI design",
    "packaging design",
    "design systems",
    "icon design",
  ],
  Cybersecurity: [
    "phishing",
    "password security",
    "two-factor authentication",
    "encryption",
    "ransomware",
    "network security",
    "penetration testing",
    "incident response",
    "cloud security",
    "security audits",
    "malware analysis",
  ],
  "Video editing": [
    "colour grading",
    "CapCut",
    "DaVinci Resolve",
    "audio mixing",
    "transitions",
    "storyboarding",
    "motion graphics",
    "subtitles",
    "short-form video",
    "documentary editing",
    "interview lighting",
  ],
};
const GENERAL_TOPICS = ["freelancing", "remote work", "study habits", "portfolios", "job interviews", "mentorship"];
const PLACES = [
  "Lagos",
  "Ibadan",
  "Abuja",
  "Kano",
  "Enugu",
  "Port Harcourt",
  "Accra",
  "Nairobi",
  "Kigali",
  "Benin City",
];
const AUDIENCES = [
  "beginners",
  "students",
  "small businesses",
  "freelancers",
  "career changers",
  "secondary school leavers",
  "working parents",
  "self-taught learners",
];
const ADJECTIVES = ["practical", "simple", "honest", "quick", "complete", "friendly", "no-nonsense", "budget"];
const NOUNS = ["tips", "mistakes", "lessons", "habits", "tools", "questions", "ideas", "rules"];
const VERBS = ["learn", "master", "teach yourself", "get paid for", "practise", "explain", "improve at", "start with"];
const PHRASES = [
  "on a small data plan",
  "on a budget laptop",
  "with only a smartphone",
  "during power cuts",
  "after a full-time job",
  "in thirty minutes a day",
  "without a degree",
  "in your first year",
];
const OPENERS = [
  "Most people who start with {topic} give up in the first month, and it is rarely for lack of talent.",
  "When our mentors in {place} talk about {topic}, the same questions come up every week.",
  "There is a lot of advice about {topic} online, and much of it assumes a fast connection and an expensive computer.",
  "Last term a learner from {place} asked how to get good at {topic} while working full time.",
  "{Topic} looks complicated from the outside, but the basics fit on one page.",
];
const SENTENCES = [
  "Start with one small project and finish it before starting the next.",
  "Write down what you learnt each day, even if it is only one line.",
  "Ask for feedback early; a mentor can save you weeks of going in circles.",
  "Clients in {place} care more about reliability than about fancy tools.",
  "{Topic} rewards steady practice far more than long weekend marathons.",
  "Download the material on Wi-Fi so that a weak signal does not stop you.",
  "Join a study group, online or in person, and share what you build.",
  "Compare your work with last month's work, not with someone else's.",
  "Read the official documentation; it is usually clearer than people think.",
  "Keep a folder of examples you admire and study why they work.",
  "Price your time honestly, including the hours nobody sees.",
  "Back up your work every day, in two places.",
  "A clear explanation of {topic} is worth more than a clever one.",
  "{Audience} often underestimate how much they already know.",
  "The tools change every year, but the fundamentals of {topic} do not.",
  "Teach what you learnt to a friend; gaps show up immediately.",
];
const HEADINGS = [
  "Where to start",
  "Common mistakes",
  "A routine that works",
  "Tools you need",
  "What employers look for",
  "Next steps",
  "Questions we hear often",
];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function fill(template: string, words: { topic: string; place: string; audience: string }): string {
  return template
    .replace(/\{topic\}/g, words.topic)
    .replace(/\{Topic\}/g, capitalise(words.topic))
    .replace(/\{place\}/g, words.place)
    .replace(/\{Audience\}/g, capitalise(words.audience));
}

/** One made-up post: its categories (none, one or two), title, description and body HTML. */
export function generatePost(rnd: () => number) {
  const roll = rnd();
  const categories: Category[] =
    roll < 0.08
      ? []
      : roll < 0.25
        ? [...new Set([pick(rnd, CATEGORY_NAMES), pick(rnd, CATEGORY_NAMES)])]
        : [pick(rnd, CATEGORY_NAMES)];
  const topic = categories.length > 0 ? pick(rnd, TOPICS[pick(rnd, categories)]) : pick(rnd, GENERAL_TOPICS);
  const words = { topic, place: pick(rnd, PLACES), audience: pick(rnd, AUDIENCES) };
  const titles = [
    `${2 + Math.floor(rnd() * 12)} ${pick(rnd, ADJECTIVES)} ${topic} ${pick(rnd, NOUNS)} for ${words.audience}`,
    `How to ${pick(rnd, VERBS)} ${topic} ${pick(rnd, PHRASES)}`,
    `${capitalise(topic)} in ${words.place}: ${pick(rnd, ADJECTIVES)} ${pick(rnd, NOUNS)}`,
    `Why ${words.audience} should ${pick(rnd, VERBS)} ${topic}`,
  ];
  const title = pick(rnd, titles);
  const desc = `${fill(pick(rnd, OPENERS), words)} ${fill(pick(rnd, SENTENCES), words)}`;
  const paragraph = (n: number) =>
    `<p>${Array.from({ length: n }, () => fill(pick(rnd, SENTENCES), words)).join(" ")}</p>`;
  const parts = [`<p>${fill(pick(rnd, OPENERS), words)}</p>`];
  const sections = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < sections; i++) {
    parts.push(`<h2>${pick(rnd, HEADINGS)}</h2>`, paragraph(2 + Math.floor(rnd() * 3)));
    if (rnd() < 0.4) {
      const items = Array.from({ length: 3 }, () => `<li><p>${fill(pick(rnd, SENTENCES), words)}</p></li>`);
      parts.push(`<ul>${items.join("")}</ul>`);
    }
  }
  return { title, desc, content: parts.join(""), categories };
}

/** Adds `count` generated posts, ~500 per writeContent; returns how many were added. */
export async function addGeneratedPosts(db: Db, options: GeneratedPostsOptions): Promise<number> {
  const { count } = options;
  if (!Number.isInteger(count) || count < 1 || count > GENERATED_MAX) {
    throw new RangeError(`count must be a whole number from 1 to ${GENERATED_MAX}`);
  }
  const now = options.now ?? new Date();
  const rnd = randomSource(options.seed ?? now.getTime());
  const batchSize = options.batchSize ?? GENERATED_BATCH;
  const authorIds = [...(await ensureBlogAuthors(db, now)).values()];

  let added = 0;
  while (added < count) {
    const stats: Array<typeof postStats.$inferInsert> = [];
    const visits: Array<typeof postVisits.$inferInsert> = [];
    const rows = Array.from({ length: Math.min(batchSize, count - added) }, () => {
      const post = generatePost(rnd);
      const createdAt = new Date(now.getTime() - Math.floor(rnd() * SPREAD_MS));
      const id = newId(createdAt.getTime());
      const total = Math.floor(rnd() ** 3 * 5000);
      const recent = recentVisits(id, total, createdAt, now);
      stats.push({ postId: id, visits: total, recent: recent.length });
      visits.push(...recent);
      return {
        id,
        userId: pick(rnd, authorIds),
        // the id's process and counter part keeps generated slugs unique across runs
        slug: `${slugify(post.title, 60)}-${id.slice(8)}`,
        title: post.title,
        desc: post.desc,
        content: post.content,
        categories: post.categories,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await writeContent(db, ["posts"], async (tx) => {
      await tx.insert(posts).values(rows);
      await upsertStats(tx, stats);
      if (visits.length > 0) await tx.insert(postVisits).values(visits);
    });
    added += rows.length;
    options.onProgress?.(added);
  }
  // planner statistics for the new rows at once, and the new pages marked all-visible, as the hourly
  // VACUUM on PGlite (server/jobs/vacuum.ts) or PostgreSQL's autovacuum would leave them (decision 043)
  await db.execute(sql`vacuum (analyze) ${posts}, ${postStats}, ${postVisits}`);
  return added;
}
