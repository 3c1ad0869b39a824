// Demo content for a fresh database (issue: foundation). Shared with the test factories.
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { categories, courses } from "../server/db/schema.ts";

export interface SeedOptions {
  dataDir: string;
}

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(courses);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, options);
  return true;
}

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  await db.insert(categories).values([{ name: "Coding" }, { name: "Graphic Design" }, { name: "Cybersecurity" }, { name: "Video editing" }]);
  await db.insert(courses).values([
    { title: "Full-Stack Web Development", img: "/media/seed/course-web.svg", instructor: "Chinedu Okafor", duration: "12 weeks", price: 15000000, discountPrice: 12000000, showDiscount: true, rating: 4.8, category: "Coding", features: ["Live tutoring", "Projects"] },
  ]);
}
