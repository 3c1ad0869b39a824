// What each demo course teaches (issue 31's seed), so that a fresh `npm start` shows the whole journey
// offline: three chapters with text lessons (the first a free preview), one short video (the committed
// seed clip, already transcoded: seeding needs no ffmpeg), one generated PDF worksheet and a live class
// next week at 6 pm Lagos time.
import {
  courseChapters,
  courseLessons,
  lessonMaterials,
  lessonVideos,
  quizQuestions,
  quizSettings,
} from "../schema.ts";
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
/** Each topic's short quiz (issue 32): one question of each kind. */
interface SeedQuiz {
  single: { text: string; options: string[]; correct: number; explanation: string };
  multiple: { text: string; options: string[]; correct: number[]; explanation: string };
  short: { text: string; accepted: string[]; explanation: string };
}

const QUIZZES: Record<string, SeedQuiz> = {
  Coding: {
    single: {
      text: "What does a function do when it reaches `return`?",
      options: ["It stops and gives back a value", "It runs again from the top", "It deletes its variables for ever"],
      correct: 0,
      explanation: "`return` ends the function and hands its value to whoever called it.",
    },
    multiple: {
      text: "Which of these run JavaScript?",
      options: ["A web browser", "Node.js", "A PDF reader"],
      correct: [0, 1],
      explanation: "Browsers and Node.js both have a JavaScript engine; a PDF reader shows documents.",
    },
    short: {
      text: "Which keyword declares a variable that cannot be reassigned?",
      accepted: ["const"],
      explanation: "`const` declares a binding that cannot be reassigned; `let` can be.",
    },
  },
  "Graphic Design": {
    single: {
      text: "Which colour model do screens use?",
      options: ["RGB", "CMYK", "Pantone"],
      correct: 0,
      explanation: "Screens mix red, green and blue light; CMYK is for print.",
    },
    multiple: {
      text: "Which of these help text stay readable?",
      options: ["Strong contrast", "Enough line spacing", "Ten different fonts"],
      correct: [0, 1],
      explanation: "Contrast and spacing help; many fonts make a page noisy.",
    },
    short: {
      text: "What is the space between lines of text called?",
      accepted: ["leading", "line spacing", "line height"],
      explanation: "Leading (say 'ledding') is named after the strips of lead printers used.",
    },
  },
  Cybersecurity: {
    single: {
      text: "What makes a password manager safer than reusing one password?",
      options: ["Each account gets its own strong password", "It hides your screen", "It turns off the internet"],
      correct: 0,
      explanation: "When one site leaks, a unique password keeps your other accounts safe.",
    },
    multiple: {
      text: "Which are signs of a phishing message?",
      options: [
        "Urgent threats to close your account",
        "A link to an address that is not the company's",
        "Your own name spelt right",
      ],
      correct: [0, 1],
      explanation: "Pressure and look-alike links are the classic signs; your name alone proves nothing.",
    },
    short: {
      text: "What do we call signing in with a password and a second proof, such as a code?",
      accepted: ["two-factor authentication", "2FA", "two factor", "multi-factor authentication", "MFA"],
      explanation: "Two-factor (or multi-factor) authentication asks for something you know and something you have.",
    },
  },
  "Video editing": {
    single: {
      text: "What is a 'J-cut'?",
      options: [
        "The next shot's sound starts before its picture",
        "A cut in the shape of a J",
        "Cutting the last frame",
      ],
      correct: 0,
      explanation: "Hearing the next scene first pulls the viewer into it.",
    },
    multiple: {
      text: "Which make a phone video look steadier?",
      options: ["Holding the phone with both hands", "Leaning on a wall or table", "Zooming in as far as it goes"],
      correct: [0, 1],
      explanation: "Support steadies the shot; digital zoom makes every shake bigger.",
    },
    short: {
      text: "How many frames per second is the usual frame rate of cinema?",
      accepted: ["24", "twenty-four", "twenty four"],
      explanation: "Films are shot at 24 frames per second.",
    },
  },
};

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
  "Video editing": {
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
  quizSettings: Array<typeof quizSettings.$inferInsert>;
  questions: Array<typeof quizQuestions.$inferInsert>;
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
  const rows: CourseContentRows = {
    chapters: [],
    lessons: [],
    videos: [],
    materials: [],
    quizSettings: [],
    questions: [],
  };
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

    const quiz = lesson(1, 3, {
      title: "Check your understanding",
      kind: "quiz",
      body: paragraphs(
        "Three short questions. Pass with 70 % to finish the chapter; you can try as often as you like.",
      ),
    });
    rows.quizSettings.push({ lessonId: quiz.id, passPercent: 70, maxAttempts: null });
    const q = QUIZZES[course.category] ?? QUIZZES.Coding!;
    const options = (texts: string[]) => texts.map((text) => ({ id: newId(now.getTime()), text }));
    const single = options(q.single.options);
    const multiple = options(q.multiple.options);
    rows.questions.push(
      {
        lessonId: quiz.id,
        position: 0,
        kind: "single",
        text: q.single.text,
        options: single,
        correct: [single[q.single.correct]!.id],
        explanation: q.single.explanation,
      },
      {
        lessonId: quiz.id,
        position: 1,
        kind: "multiple",
        text: q.multiple.text,
        options: multiple,
        correct: q.multiple.correct.map((i) => multiple[i]!.id),
        explanation: q.multiple.explanation,
      },
      {
        lessonId: quiz.id,
        position: 2,
        kind: "short",
        text: q.short.text,
        accepted: q.short.accepted,
        explanation: q.short.explanation,
      },
    );

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
