// What each demo course teaches (issue 31's seed), so that a fresh `npm start` shows the whole journey
// offline: three chapters with text lessons (the first a free preview), one short video (the committed
// seed clip, already transcoded: seeding needs no ffmpeg), one generated PDF worksheet and a live class
// next week at 6 pm Lagos time.
import { courseChapters, courseLessons, lessonMaterials, lessonVideos } from "../schema.ts";
import { newId } from "../../lib/id.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { simplePdf } from "./simple-pdf.ts";
import { putSeedVideo } from "./seed-video.ts";

export interface SeedCourse {
  id: string;
  title: string;
  category: string;
  instructor: string;
}

/** What one category's first lessons talk about. */
const TOPICS: Record<string, { tools: string; first: string; practice: string }> = {
  Coding: {
    tools: "a code editor (VS Code), a browser and Node.js",
    first: "Your first program",
    practice: "Write a function, run it, change it and run it again.",
  },
  "Graphic Design": {
    tools: "Figma in the browser, a sketchbook and a phone camera",
    first: "Shapes, type and colour",
    practice: "Redraw a logo you see every day using only three shapes.",
  },
  Cybersecurity: {
    tools: "a Linux virtual machine, a password manager and a notebook",
    first: "How attacks really happen",
    practice: "List every account you have and turn on two-factor sign-in for three of them.",
  },
  "Video Editing": {
    tools: "DaVinci Resolve or CapCut, a phone and headphones",
    first: "Cuts that tell a story",
    practice: "Film ten short shots of your street and cut them into a 30-second sequence.",
  },
};

const topicOf = (category: string) => TOPICS[category] ?? TOPICS.Coding!;

/** The next `weekday` (0 Sunday) at least `daysAhead` days on, at `hour`:00 Lagos time (UTC+1). */
function nextLagos(now: Date, daysAhead: number, weekday: number, hour: number): Date {
  const d = new Date(now.getTime() + daysAhead * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour - 1, 0, 0));
}

const paragraphs = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join("");

export interface CourseContentRows {
  chapters: Array<typeof courseChapters.$inferInsert>;
  lessons: Array<typeof courseLessons.$inferInsert>;
  videos: Array<typeof lessonVideos.$inferInsert>;
  materials: Array<typeof lessonMaterials.$inferInsert>;
}

/**
 * The rows of every demo course's content, its files put into `store` first (the seed video's ladder
 * and a worksheet per course, under fresh keys).
 */
export async function buildCourseContent(
  courses: SeedCourse[],
  store: MediaStore,
  now: Date,
): Promise<CourseContentRows> {
  const rows: CourseContentRows = { chapters: [], lessons: [], videos: [], materials: [] };
  for (const course of courses) {
    const topic = topicOf(course.category);
    const chapterIds = [newId(now.getTime()), newId(now.getTime()), newId(now.getTime())];
    rows.chapters.push(
      { id: chapterIds[0], courseId: course.id, title: "Getting started", position: 0, published: true },
      { id: chapterIds[1], courseId: course.id, title: topic.first, position: 1, published: true },
      { id: chapterIds[2], courseId: course.id, title: "Live practice", position: 2, published: true },
    );
    const lesson = (chapter: number, position: number, values: Partial<typeof courseLessons.$inferInsert>) => {
      const row = {
        id: newId(now.getTime()),
        courseId: course.id,
        chapterId: chapterIds[chapter]!,
        position,
        published: true,
        title: "",
        kind: "text",
        ...values,
      } satisfies typeof courseLessons.$inferInsert;
      rows.lessons.push(row);
      return row;
    };
    lesson(0, 0, {
      title: `Welcome to ${course.title}`,
      preview: true,
      durationSeconds: 180,
      body: paragraphs(
        `Welcome! I am ${course.instructor}, and over the coming weeks we will work through ${course.title} together, one short lesson at a time.`,
        "Every lesson is small enough to read or watch on a phone, on the bus or during a break. Mark each one complete when you are done: your progress is saved on our server, so you can carry on from any device.",
        "This first lesson is a free preview: anyone can read it. Enrol to open the rest.",
      ),
    });
    lesson(0, 1, {
      title: "Setting up your tools",
      durationSeconds: 300,
      body: paragraphs(
        `For this course you need ${topic.tools}. Everything we use is free, and works on a modest laptop.`,
        "Download what you need once, on Wi-Fi if you can: the lessons themselves are light, and videos start at a low quality when your phone asks to save data.",
      ),
    });

    const videoId = newId(now.getTime());
    const video = await putSeedVideo(store, videoId);
    rows.videos.push({ id: videoId, ...video });
    lesson(1, 0, {
      title: "A first look",
      kind: "video",
      videoId,
      durationSeconds: Math.round(video.durationSeconds ?? 0),
      body: paragraphs("A short clip to try the player: it picks the quality your connection can carry."),
    });

    const worksheet = lesson(1, 1, {
      title: "Worksheet",
      kind: "materials",
      body: paragraphs("Download the worksheet, print it or fill it in on your phone, and keep it for the live class."),
    });
    const materialId = newId(now.getTime());
    const pdf = simplePdf(`${course.title}: worksheet 1`, [
      `Instructor: ${course.instructor}`,
      "",
      `Practice: ${topic.practice}`,
      "",
      "1. What did you try?",
      "2. What surprised you?",
      "3. What will you ask in the live class?",
    ]);
    const storeKey = `materials/${materialId}.pdf`;
    await store.put(storeKey, pdf, "application/pdf");
    rows.materials.push({
      id: materialId,
      lessonId: worksheet.id,
      name: "Worksheet 1.pdf",
      storeKey,
      contentType: "application/pdf",
      sizeBytes: pdf.byteLength,
      position: 0,
    });
    lesson(1, 2, {
      title: "Practice",
      durationSeconds: 600,
      body: paragraphs(topic.practice, "Share what you made in the live class: we will look at a few together."),
    });

    lesson(2, 0, {
      title: "Live class: questions and review",
      kind: "live",
      liveStartsAt: nextLagos(now, 7, 3, 18),
      durationSeconds: 60 * 60,
      liveJoinUrl: `https://meet.jit.si/techafrica-${course.id.slice(-8)}`,
      body: paragraphs(
        "Bring your worksheet and your questions. The join link appears here 15 minutes before we start.",
      ),
    });
  }
  return rows;
}
