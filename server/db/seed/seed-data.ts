// Demo content for a fresh database: a complete academy site that works offline. Images are drawn by
// server/db/seed/seed-images.ts into DATA_DIR/media/seed and served at /media/seed.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { writeContent } from "../content-version.ts";
import {
  blogTeasers,
  carouselSlides,
  categories,
  courseChapters,
  courseLessons,
  coupons,
  courses,
  events,
  lessonMaterials,
  quizQuestions,
  quizSettings,
  lessonVideos,
  experts,
  faqs,
  hero,
  instructorCtas,
  talents,
} from "../schema.ts";
import { newId } from "../../lib/id.ts";
import { createLocalStore } from "../../integrations/media/local-store.ts";
import type { MediaStore } from "../../integrations/media/store.ts";
import { buildCourseContent } from "./course-content.ts";
import { nairaToKobo } from "../../../contract/lib/money.ts";
import { mediaRoot } from "../../integrations/media/media-root.ts";
import { CATEGORY_NAMES, type Category } from "./categories.ts";
import { blogSeedImages, seedBlogIfEmpty } from "./blog-seed.ts";
import { bannerSvg, portraitSvg, type Motif, type PaletteName, type PortraitOptions } from "./seed-images.ts";

export interface SeedOptions {
  dataDir: string;
  /** where the lessons' files go (the seed video, the worksheets): the app's media store; local disk by default */
  store?: MediaStore;
  /** the clock used for created_at and the upcoming event dates; defaults to now */
  now?: Date;
}

export interface SeedCounts {
  carouselSlides: number;
  categories: number;
  courses: number;
  /** the demo courses' lessons (issue 31) */
  lessons: number;
  blogTeasers: number;
  instructorCtas: number;
  faqs: number;
  hero: number;
  experts: number;
  events: number;
  talents: number;
  /** the demo coupon codes (DEMO_COUPONS), added or reset */
  coupons: number;
  images: number;
  /** blog posts and comments added: 0 when the posts table already had posts (they are kept) */
  posts: number;
  comments: number;
}

export const SEED_MEDIA_DIR = "seed";
export { CATEGORY_NAMES };

/** Seeds the demo content when there are no courses yet; true when it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(courses);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, options);
  return true;
}

/**
 * Replaces all demo content (slides, categories, courses, teasers, calls to action, FAQs, hero, experts,
 * events, talents) in one transaction. Users, posts, purchases, subscribers and contacts are kept;
 * only when there are no posts at all does it add the demo blog (writers, posts and comments,
 * server/db/seed/blog-seed.ts).
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedCounts> {
  const now = options.now ?? new Date();
  const content = buildSeedContent(now);
  // the blog's pictures too, even when its posts are kept: they may refer to them
  const images = new Map([...content.images, ...blogSeedImages()]);
  await writeSeedImages(options.dataDir, images);
  const store = options.store ?? createLocalStore(options.dataDir);
  // the lessons' files first (fresh keys): a failed seed leaves only unused files behind
  const learning = await buildCourseContent(content.courses, store, now);
  const oldFiles: string[] = [];

  // One transaction, with the content version bumped in it (architecture "Caching").
  const blog = await writeContent(db, ["site"], async (tx) => {
    // A coupon bound to a course that is about to go would become a general coupon (course_id is set
    // null on delete): switch those off first.
    await tx.update(coupons).set({ isValid: false }).where(isNotNull(coupons.courseId));

    // the old courses' videos and materials (their lessons go with the courses): their files after commit
    const oldVideos = await tx
      .select({ id: lessonVideos.id })
      .from(lessonVideos)
      .innerJoin(courseLessons, eq(courseLessons.videoId, lessonVideos.id));
    const oldMaterials = await tx.select({ key: lessonMaterials.storeKey }).from(lessonMaterials);
    oldFiles.push(...oldMaterials.map((m) => m.key));
    if (oldVideos.length > 0) {
      await tx.delete(lessonVideos).where(
        inArray(
          lessonVideos.id,
          oldVideos.map((v) => v.id),
        ),
      );
    }

    await tx.delete(carouselSlides);
    await tx.delete(categories);
    await tx.delete(courses);
    await tx.delete(blogTeasers);
    await tx.delete(instructorCtas);
    await tx.delete(faqs);
    await tx.delete(hero);
    await tx.delete(experts);
    await tx.delete(events);
    await tx.delete(talents);

    await tx.insert(carouselSlides).values(content.carouselSlides);
    await tx.insert(categories).values(content.categories);
    await tx.insert(courses).values(content.courses);
    await tx.insert(courseChapters).values(learning.chapters);
    await tx.insert(lessonVideos).values(learning.videos);
    await tx.insert(courseLessons).values(learning.lessons);
    await tx.insert(lessonMaterials).values(learning.materials);
    await tx.insert(quizSettings).values(learning.quizSettings);
    await tx.insert(quizQuestions).values(learning.questions);
    await tx.insert(blogTeasers).values(content.blogTeasers);
    await tx.insert(instructorCtas).values(content.instructorCtas);
    await tx.insert(faqs).values(content.faqs);
    await tx.insert(hero).values(content.hero);
    await tx.insert(experts).values(content.experts);
    await tx.insert(events).values(content.events);
    await tx.insert(talents).values(content.talents);
    for (const coupon of content.coupons) {
      await tx
        .insert(coupons)
        .values(coupon)
        .onConflictDoUpdate({
          target: coupons.code,
          set: { discount: coupon.discount, isValid: coupon.isValid, courseId: coupon.courseId },
        });
    }

    return seedBlogIfEmpty(tx, now);
  });

  for (const key of oldFiles) await store.delete(key).catch(() => {});

  return {
    carouselSlides: content.carouselSlides.length,
    categories: content.categories.length,
    courses: content.courses.length,
    lessons: learning.lessons.length,
    blogTeasers: content.blogTeasers.length,
    instructorCtas: content.instructorCtas.length,
    faqs: content.faqs.length,
    hero: content.hero.length,
    experts: content.experts.length,
    events: content.events.length,
    talents: content.talents.length,
    coupons: content.coupons.length,
    images: images.size,
    posts: blog.posts,
    comments: blog.comments,
  };
}

/** Writes the images into DATA_DIR/media/seed, leaving unchanged files alone (their ETag stays). */
export async function writeSeedImages(dataDir: string, images: Map<string, string>): Promise<void> {
  const dir = path.join(mediaRoot(dataDir), SEED_MEDIA_DIR);
  await mkdir(dir, { recursive: true });
  for (const [name, svg] of images) {
    const file = path.join(dir, name);
    const existing = await readFile(file, "utf8").catch(() => null);
    if (existing !== svg) await writeFile(file, svg);
  }
}

/** Time-ordered ids, sorted so that insertion order is list order even if the id counter wraps. */
function orderedIds(n: number, now: Date): string[] {
  return Array.from({ length: n }, () => newId(now.getTime())).sort();
}

/** Stable list order for tables sorted by created_at: one minute apart, oldest first. */
function staggered(now: Date, index: number, total: number): Date {
  return new Date(now.getTime() - (total - index) * 60_000);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * The first given weekday at least `daysAhead` days after now, at `hourWat` West Africa Time
 * (UTC+1, no daylight saving), and its free-text form: "Saturday 13 December 2026, 4:00 pm WAT".
 */
export function upcoming(
  now: Date,
  daysAhead: number,
  weekday: number,
  hourWat: number,
): { startsAt: Date; time: string } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead));
  day.setUTCDate(day.getUTCDate() + ((weekday - day.getUTCDay() + 7) % 7));
  const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourWat - 1));
  const hour12 = hourWat % 12 === 0 ? 12 : hourWat % 12;
  const time =
    `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}, ` +
    `${hour12}:00 ${hourWat < 12 ? "am" : "pm"} WAT`;
  return { startsAt, time };
}

interface CourseSeed {
  slug: string;
  title: string;
  label: string;
  category: Category;
  instructor: string;
  duration: string;
  /** naira */
  price: number;
  discountPrice: number | null;
  showDiscount: boolean;
  rating: number;
  features: string[];
  motif: Motif;
  palette: PaletteName;
}

/**
 * Demo coupon codes, so that the enrol modal's 'Apply' can be tried: a general one, one for a single
 * course and one switched off. Seeding again resets them (admins manage real ones).
 */
export const DEMO_COUPONS = [
  { code: "WELCOME10", discount: 10, isValid: true, courseTitle: null },
  { code: "DESIGN25", discount: 25, isValid: true, courseTitle: "Brand Identity and Graphic Design" },
  { code: "OLDPROMO50", discount: 50, isValid: false, courseTitle: null },
] as const;

const COURSES: CourseSeed[] = [
  {
    slug: "fullstack-web",
    title: "Full-Stack Web Development with JavaScript",
    label: "Full-Stack Web",
    category: "Coding",
    instructor: "Chinedu Okafor",
    duration: "16 weeks",
    price: 180_000,
    discountPrice: 150_000,
    showDiscount: true,
    rating: 4.8,
    features: [
      "HTML, CSS, React and Node.js from the ground up",
      "Live tutoring twice a week",
      "Build and deploy four portfolio projects",
      "Certificate of completion",
    ],
    motif: "code",
    palette: "blue",
  },
  {
    slug: "brand-identity",
    title: "Brand Identity and Graphic Design",
    label: "Brand Design",
    category: "Graphic Design",
    instructor: "Zainab Bello",
    duration: "10 weeks",
    price: 95_000,
    discountPrice: 75_000,
    showDiscount: true,
    rating: 4.7,
    features: [
      "Logos, colour and type systems",
      "Figma and Adobe Illustrator",
      "Design a full brand kit for a real client",
      "Portfolio review with a mentor",
    ],
    motif: "design",
    palette: "purple",
  },
  {
    slug: "cyber-foundations",
    title: "Cybersecurity Foundations",
    label: "Cyber Basics",
    category: "Cybersecurity",
    instructor: "Ifeoma Nwachukwu",
    duration: "12 weeks",
    price: 150_000,
    discountPrice: 135_000,
    showDiscount: false,
    rating: 4.6,
    features: [
      "Networking and Linux essentials",
      "Hands-on labs in a safe sandbox",
      "Prepares you for CompTIA Security+",
      "Certificate of completion",
    ],
    motif: "security",
    palette: "teal",
  },
  {
    slug: "davinci-resolve",
    title: "Video Editing with DaVinci Resolve",
    label: "Video Editing",
    category: "Video editing",
    instructor: "Tunde Adebayo",
    duration: "8 weeks",
    price: 65_000,
    discountPrice: 49_000,
    showDiscount: true,
    rating: 4.5,
    features: [
      "Cutting, colour grading and sound",
      "Runs well on a mid-range laptop",
      "Short-form video for social media",
      "Certificate of completion",
    ],
    motif: "video",
    palette: "amber",
  },
  {
    slug: "python-data",
    title: "Python for Data Analysis",
    label: "Python & Data",
    category: "Coding",
    instructor: "Amina Yusuf",
    duration: "10 weeks",
    price: 120_000,
    discountPrice: null,
    showDiscount: false,
    rating: 4.7,
    features: [
      "Python, pandas and Jupyter notebooks",
      "Clean and chart real Nigerian market data",
      "Weekly quizzes and live Q&A",
      "Certificate of completion",
    ],
    motif: "data",
    palette: "green",
  },
  {
    slug: "ui-ux-mobile",
    title: "UI/UX Design for Mobile Apps",
    label: "UI/UX Design",
    category: "Graphic Design",
    instructor: "Kwame Mensah",
    duration: "8 weeks",
    price: 110_000,
    discountPrice: 88_000,
    showDiscount: true,
    rating: 4.8,
    features: [
      "User research on a small budget",
      "Wireframes and prototypes in Figma",
      "Design for low-end phones and slow networks",
    ],
    motif: "mobile",
    palette: "blue",
  },
  {
    slug: "ethical-hacking",
    title: "Ethical Hacking and Penetration Testing",
    label: "Ethical Hacking",
    category: "Cybersecurity",
    instructor: "Olumide Bakare",
    duration: "14 weeks",
    price: 250_000,
    discountPrice: 210_000,
    showDiscount: true,
    rating: 4.9,
    features: [
      "Web and network penetration testing",
      "Capture the Flag practice every week",
      "Write professional security reports",
      "One-to-one mentoring sessions",
      "Certificate of completion",
    ],
    motif: "security",
    palette: "purple",
  },
  {
    slug: "flutter-apps",
    title: "Mobile App Development with Flutter",
    label: "Flutter Apps",
    category: "Coding",
    instructor: "Wanjiru Kamau",
    duration: "12 weeks",
    price: 160_000,
    discountPrice: null,
    showDiscount: false,
    rating: 4.6,
    features: [
      "One codebase for Android and iOS",
      "Offline-first apps that sync later",
      "Publish your app to the Play Store",
    ],
    motif: "mobile",
    palette: "teal",
  },
  {
    slug: "motion-graphics",
    title: "Motion Graphics with After Effects",
    label: "Motion Graphics",
    category: "Video editing",
    instructor: "Efosa Osagie",
    duration: "8 weeks",
    price: 85_000,
    discountPrice: null,
    showDiscount: false,
    rating: 4.4,
    features: [
      "Animated titles, logos and lower thirds",
      "Keyframes, easing and expressions",
      "Three client-style briefs to finish",
    ],
    motif: "design",
    palette: "amber",
  },
  {
    slug: "content-creation",
    title: "Content Creation and Phone Video Editing",
    label: "Phone Video",
    category: "Video editing",
    instructor: "Halima Sani",
    duration: "6 weeks",
    price: 45_000,
    discountPrice: null,
    showDiscount: false,
    rating: 4.2,
    features: ["Shoot and edit with only your phone", "CapCut and free tools", "Grow a channel on YouTube and TikTok"],
    motif: "video",
    palette: "green",
  },
];

const SLIDES: Array<{ title: string; description: string; motif: Motif; palette: PaletteName }> = [
  {
    title: "Learn the tech skills Africa is hiring for",
    description:
      "Hands-on courses in coding, graphic design, cybersecurity and video editing, taught by working professionals and priced in naira.",
    motif: "learn",
    palette: "blue",
  },
  {
    title: "Build a portfolio, not just a certificate",
    description:
      "Every course ends with real projects you can show employers and clients, from Lagos to Nairobi to Accra.",
    motif: "design",
    palette: "purple",
  },
  {
    title: "Made for your phone and your data plan",
    description: "Lessons are light on data, work on any smartphone and can be downloaded on Wi-Fi to study offline.",
    motif: "mobile",
    palette: "teal",
  },
  {
    title: "Live tutors every week, wherever you are",
    description:
      "Join small live sessions in the evening, West Africa Time, ask questions and get feedback from mentors who do this work every day.",
    motif: "community",
    palette: "amber",
  },
];

const FAQS: Array<{ question: string; answer: string }> = [
  {
    question: "How do I pay for a course?",
    answer:
      "All prices are in Nigerian naira (₦). You pay securely online with a debit or credit card (Verve, Visa or Mastercard) through our payment partner, and a receipt is sent to your e-mail straight away. If you have a coupon code, enter it in the enrolment form and press Apply before you pay.",
  },
  {
    question: "Do I need an account to enrol?",
    answer:
      "No. You can browse, enrol and pay without creating an account: just enter your full name, phone number and e-mail address in the enrolment form. An account is optional and lets you save blog posts, comment and write for the blog.",
  },
  {
    question: "Will I get a certificate?",
    answer:
      "Yes. When you finish the lessons, quizzes and final project of a course, you receive a digital certificate with your name and a verification link that you can add to your CV or LinkedIn profile.",
  },
  {
    question: "Can I learn on my phone or with a slow internet connection?",
    answer:
      "Yes. The site and the lessons are built to be light on data and to work well on mobile phones. Videos come in a low-data version, and course materials can be downloaded while you are on Wi-Fi so you can study offline later.",
  },
  {
    question: "Are there live classes or tutors?",
    answer:
      "Every course includes live tutoring sessions each week with your instructor or a mentor, held in the evening West Africa Time so you can join after work or school. Sessions are recorded in case you miss one.",
  },
  {
    question: "Can I get a refund?",
    answer:
      "Yes. If a course is not right for you, ask for a refund within 7 days of payment, as long as you have completed less than a quarter of the lessons. Send us your payment reference through the contact page and we will refund the full amount in naira to the card you paid with.",
  },
];

const EXPERTS: Array<{
  name: string;
  role: string;
  expertise: string;
  palette: PaletteName;
  hair: PortraitOptions["hair"];
}> = [
  {
    name: "Dr. Ngozi Adeyemi",
    role: "Head of Curriculum",
    expertise: "Software engineering and learning design; fifteen years building tech teams in Lagos and London",
    palette: "blue",
    hair: 2,
  },
  {
    name: "Chinedu Okafor",
    role: "Lead Instructor, Web Development",
    expertise: "JavaScript, React and Node.js; built payment platforms used across West Africa",
    palette: "teal",
    hair: 0,
  },
  {
    name: "Zainab Bello",
    role: "Creative Director",
    expertise: "Brand identity, typography and design systems for start-ups and NGOs",
    palette: "purple",
    hair: 2,
  },
  {
    name: "Olumide Bakare",
    role: "Security Lead",
    expertise: "Penetration testing, incident response and cloud security for banks and fintechs",
    palette: "green",
    hair: 3,
  },
  {
    name: "Tunde Adebayo",
    role: "Senior Video Editor",
    expertise: "Documentary editing, colour grading and storytelling for Nollywood and brands",
    palette: "amber",
    hair: 0,
  },
  {
    name: "Wanjiru Kamau",
    role: "Mobile Engineering Mentor",
    expertise: "Flutter, Kotlin and offline-first apps for emerging markets",
    palette: "teal",
    hair: 1,
  },
];

const TALENTS: Array<{ name: string; role: string; palette: PaletteName; hair: PortraitOptions["hair"] }> = [
  { name: "Aisha Mohammed", role: "Full-Stack Developer", palette: "blue", hair: 2 },
  { name: "Kelechi Nwankwo", role: "Brand Designer", palette: "purple", hair: 0 },
  { name: "Yaw Boateng", role: "Video Editor", palette: "amber", hair: 3 },
  { name: "Fatima Abdullahi", role: "Security Analyst", palette: "teal", hair: 2 },
  { name: "David Ochieng", role: "Flutter Developer", palette: "green", hair: 0 },
  { name: "Bisola Adewale", role: "UI/UX Designer", palette: "purple", hair: 1 },
  { name: "Samuel Ekanem", role: "Motion Designer", palette: "blue", hair: 3 },
];

const EVENTS: Array<{
  slug: string;
  name: string;
  label: string;
  description: string;
  when: { daysAhead: number; weekday: number; hourWat: number };
  /** a made-up but well-formed meeting link: ticket holders get it 24 hours before the start */
  streamUrl: string;
  motif: Motif;
  palette: PaletteName;
  photos: Array<{ label: string; motif: Motif; palette: PaletteName }>;
}> = [
  {
    slug: "demo-day",
    name: "Demo Day: Graduating Talent Showcase",
    label: "Demo Day",
    description:
      "Our graduating learners present the apps, brands and films they built this term. Watch live demos, vote for the audience award and meet the founders and recruiters who hire from our community.",
    when: { daysAhead: 21, weekday: 6, hourWat: 16 },
    streamUrl: "https://zoom.us/j/81234500001?pwd=DemoDaySeedOnly",
    motif: "stage",
    palette: "blue",
    photos: [
      { label: "Live demos", motif: "code", palette: "blue" },
      { label: "Audience award", motif: "stage", palette: "amber" },
      { label: "Meet the builders", motif: "community", palette: "teal" },
      { label: "Project gallery", motif: "gallery", palette: "purple" },
    ],
  },
  {
    slug: "design-motion-night",
    name: "Design and Motion Night",
    label: "Design Night",
    description:
      "An evening of brand identities, app designs and motion pieces from our design and video editing cohorts, with a live critique from industry judges and a short film screening.",
    when: { daysAhead: 49, weekday: 5, hourWat: 18 },
    streamUrl: "https://zoom.us/j/81234500002?pwd=DesignNightSeedOnly",
    motif: "gallery",
    palette: "purple",
    photos: [
      { label: "Brand wall", motif: "design", palette: "purple" },
      { label: "Film screening", motif: "video", palette: "amber" },
      { label: "Judges' critique", motif: "community", palette: "blue" },
    ],
  },
  {
    slug: "capture-the-flag",
    name: "Capture the Flag: Cyber Showcase",
    label: "Capture the Flag",
    description:
      "Teams of learners attack and defend a simulated fintech in a live Capture the Flag challenge, with commentary from our security instructors and a Q&A on careers in cybersecurity.",
    when: { daysAhead: 77, weekday: 6, hourWat: 14 },
    streamUrl: "https://zoom.us/j/81234500003?pwd=CtfSeedOnly",
    motif: "security",
    palette: "teal",
    photos: [
      { label: "Red team", motif: "security", palette: "purple" },
      { label: "Scoreboard", motif: "data", palette: "teal" },
      { label: "Careers Q&A", motif: "community", palette: "green" },
    ],
  },
];

/** Everything seed() inserts, plus the images (file name to SVG) the rows reference. */
export function buildSeedContent(now: Date) {
  const images = new Map<string, string>();
  const media = (name: string, svg: string) => {
    images.set(`${name}.svg`, svg);
    return `/media/${SEED_MEDIA_DIR}/${name}.svg`;
  };

  const slideIds = orderedIds(SLIDES.length, now);
  const carouselRows = SLIDES.map((s, i) => ({
    id: slideIds[i],
    title: s.title,
    description: s.description,
    image: media(
      `slide-${i + 1}`,
      // No text on the picture: the slide's headline sits beside it, and text drawn into the image
      // showed faintly through the gradient (issue 7 "Smaller fixes").
      bannerSvg({ title: s.title, motif: s.motif, palette: s.palette }),
    ),
    position: i,
  }));

  const categoryIds = orderedIds(CATEGORY_NAMES.length, now);
  const categoryRows = CATEGORY_NAMES.map((name, i) => ({
    id: categoryIds[i],
    name,
    createdAt: staggered(now, i, CATEGORY_NAMES.length),
  }));

  const courseIds = orderedIds(COURSES.length, now);
  const courseRows = COURSES.map((c, i) => ({
    id: courseIds[i]!,
    title: c.title,
    img: media(
      `course-${c.slug}`,
      bannerSvg({ title: c.title, label: c.label, kicker: c.category, motif: c.motif, palette: c.palette }),
    ),
    instructor: c.instructor,
    duration: c.duration,
    price: nairaToKobo(c.price),
    discountPrice: c.discountPrice === null ? null : nairaToKobo(c.discountPrice),
    showDiscount: c.showDiscount,
    rating: c.rating,
    category: c.category,
    features: c.features,
    createdAt: staggered(now, i, COURSES.length),
    updatedAt: staggered(now, i, COURSES.length),
  }));

  const teaserTitle = "Stories, tips and career guides from our community";
  const blogTeaserRows = [
    {
      id: newId(now.getTime()),
      headline: teaserTitle,
      description:
        "Read how learners in Ibadan, Kano and Accra landed their first tech jobs, and get practical guides on freelancing, building a portfolio and learning on a tight data budget.",
      image: media(
        "blog-teaser",
        bannerSvg({
          title: teaserTitle,
          label: "Read the Blog",
          kicker: "From our community",
          motif: "learn",
          palette: "green",
        }),
      ),
    },
  ];

  const ctaTitle = "Teach what you know. Inspire the next generation.";
  const instructorCtaRows = [
    {
      id: newId(now.getTime()),
      title: ctaTitle,
      description:
        "Are you a developer, designer, security analyst or video editor with real-world experience? Teach live cohorts from anywhere in Africa, shape our curriculum and earn a share of every enrolment.",
      buttonText: "Become an Instructor",
      buttonLink: "/contact",
      image: media(
        "instructor-cta",
        bannerSvg({
          title: ctaTitle,
          label: "Teach with us",
          kicker: "Instructors wanted",
          motif: "community",
          palette: "purple",
        }),
      ),
    },
  ];

  const faqIds = orderedIds(FAQS.length, now);
  const faqRows = FAQS.map((f, i) => ({ id: faqIds[i], question: f.question, answer: f.answer, position: i }));

  const heroRows = [
    {
      id: newId(now.getTime()),
      title: "Empowering Africa's next generation of tech talent",
      subtitle:
        "Practical, mentor-led courses in coding, graphic design, cybersecurity and video editing, built for learners across Africa on any device.",
      videoUrl: "",
      buttonText: "Explore Courses",
      buttonLink: "/courses",
    },
  ];

  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/^dr\.?\s+/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");

  const expertIds = orderedIds(EXPERTS.length, now);
  const expertRows = EXPERTS.map((e, i) => ({
    id: expertIds[i],
    name: e.name,
    role: e.role,
    expertise: e.expertise,
    img: media(`expert-${slug(e.name)}`, portraitSvg({ name: e.name, palette: e.palette, hair: e.hair })),
  }));

  const eventIds = orderedIds(EVENTS.length, now);
  const eventRows = EVENTS.map((e, i) => {
    const { startsAt, time } = upcoming(now, e.when.daysAhead, e.when.weekday, e.when.hourWat);
    return {
      id: eventIds[i],
      name: e.name,
      description: e.description,
      time,
      startsAt,
      streamUrl: e.streamUrl,
      coverPhoto: media(
        `event-${e.slug}`,
        bannerSvg({ title: e.name, label: e.label, kicker: "Talent showcase", motif: e.motif, palette: e.palette }),
      ),
      photos: e.photos.map((p, j) =>
        media(
          `event-${e.slug}-${j + 1}`,
          bannerSvg({
            title: `${e.name}: ${p.label}`,
            label: p.label,
            kicker: e.label,
            motif: p.motif,
            palette: p.palette,
          }),
        ),
      ),
    };
  });

  const talentIds = orderedIds(TALENTS.length, now);
  const talentRows = TALENTS.map((t, i) => ({
    id: talentIds[i],
    name: t.name,
    role: t.role,
    photo: media(`talent-${slug(t.name)}`, portraitSvg({ name: t.name, palette: t.palette, hair: t.hair })),
  }));

  return {
    images,
    carouselSlides: carouselRows,
    categories: categoryRows,
    courses: courseRows,
    blogTeasers: blogTeaserRows,
    instructorCtas: instructorCtaRows,
    faqs: faqRows,
    hero: heroRows,
    experts: expertRows,
    events: eventRows,
    talents: talentRows,
    coupons: DEMO_COUPONS.map((c) => ({
      id: newId(now.getTime()),
      code: c.code,
      discount: c.discount,
      isValid: c.isValid,
      courseId: c.courseTitle === null ? null : courseRows.find((r) => r.title === c.courseTitle)!.id,
    })),
  };
}
