// Factories with overrides (conventions §13), shared by tests and the seed script. Each returns the
// insert object of its table; the database fills in ids and timestamps.
import type {
  blogTeasers,
  carouselSlides,
  categories,
  courses,
  events,
  experts,
  faqs,
  hero,
  instructorCtas,
  posts,
  talents,
  user,
} from "../../server/db/schema.ts";

type NewCourse = typeof courses.$inferInsert;
type NewCategory = typeof categories.$inferInsert;
type NewCarouselSlide = typeof carouselSlides.$inferInsert;
type NewBlogTeaser = typeof blogTeasers.$inferInsert;
type NewInstructorCta = typeof instructorCtas.$inferInsert;
type NewFaq = typeof faqs.$inferInsert;
type NewHero = typeof hero.$inferInsert;
type NewExpert = typeof experts.$inferInsert;
type NewEvent = typeof events.$inferInsert;
type NewTalent = typeof talents.$inferInsert;
type NewPost = typeof posts.$inferInsert;
type NewUser = typeof user.$inferInsert;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

/** An account row written straight to the database (no password: it cannot sign in). */
export function makeUser(overrides: Partial<NewUser> = {}): NewUser {
  const name = overrides.username ?? `author${next()}`;
  return { name, username: name, email: `${name}@example.test`, emailVerified: true, ...overrides };
}

/** A post of `userId`; the slug is unique unless given. */
export function makePost(userId: string, overrides: Partial<NewPost> = {}): NewPost {
  return {
    userId,
    slug: `post-${next()}`,
    title: "Getting started with TypeScript",
    desc: "A short guide for new developers.",
    img: "",
    content: "<p>Types help you catch mistakes early.</p>",
    categories: ["Coding"],
    ...overrides,
  };
}

/** Prices in kobo, as stored. */
export function makeCourse(overrides: Partial<NewCourse> = {}): NewCourse {
  return {
    title: "Frontend Development with React",
    img: "/media/seed/course-1.svg",
    instructor: "Amaka Obi",
    duration: "8 weeks",
    price: 4_500_000,
    discountPrice: 3_500_000,
    showDiscount: true,
    rating: 4.7,
    category: "Coding",
    features: ["Live tutoring", "Quizzes", "Certificate"],
    ...overrides,
  };
}

/** Category names are unique, ignoring case: pass a name when inserting more than one. */
export function makeCategory(overrides: Partial<NewCategory> = {}): NewCategory {
  return { name: "Coding", ...overrides };
}

export function makeCarouselSlide(overrides: Partial<NewCarouselSlide> = {}): NewCarouselSlide {
  return {
    title: "Learn the tech skills Africa needs",
    description: "Coding, graphic design, cybersecurity and video editing, taught live by working professionals.",
    image: "/media/seed/carousel-1.svg",
    position: 0,
    ...overrides,
  };
}

export function makeBlogTeaser(overrides: Partial<NewBlogTeaser> = {}): NewBlogTeaser {
  return {
    headline: "Stories and guides from our tutors",
    description: "Career advice, study tips and hands-on tutorials, written for learners across Africa.",
    image: "/media/seed/blog-teaser.svg",
    ...overrides,
  };
}

export function makeInstructorCta(overrides: Partial<NewInstructorCta> = {}): NewInstructorCta {
  return {
    title: "Teach with us",
    description: "Share what you know with thousands of learners and earn from every course you teach.",
    image: "/media/seed/instructor.svg",
    buttonText: "Become an Instructor",
    buttonLink: "/contact",
    ...overrides,
  };
}

export function makeFaq(overrides: Partial<NewFaq> = {}): NewFaq {
  return {
    question: "Do I need an account to enrol?",
    answer: "No. You can enrol and pay without an account; signing in lets you save posts and comment.",
    position: 0,
    ...overrides,
  };
}

/** The single hero banner of /about: insert at most one. */
export function makeHero(overrides: Partial<NewHero> = {}): NewHero {
  return {
    title: "Build your future in tech",
    subtitle: "Practical courses, live tutoring and a certificate at the end.",
    videoUrl: "/media/seed/hero.mp4",
    buttonText: "Explore Courses",
    buttonLink: "/courses",
    ...overrides,
  };
}

export function makeExpert(overrides: Partial<NewExpert> = {}): NewExpert {
  return {
    name: "Chidi Okafor",
    role: "Lead Instructor",
    expertise: "Cybersecurity",
    img: "/media/seed/expert-1.svg",
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    name: "Tech Talent Showcase",
    description: "Our learners present their projects live, followed by a Q&A with the tutors.",
    time: "Saturday, 4 pm WAT",
    coverPhoto: "/media/seed/event-cover.svg",
    photos: ["/media/seed/event-1.svg", "/media/seed/event-2.svg"],
    ...overrides,
  };
}

export function makeTalent(overrides: Partial<NewTalent> = {}): NewTalent {
  return {
    name: "Ngozi Adeyemi",
    role: "UI Designer",
    photo: "/media/seed/talent-1.svg",
    ...overrides,
  };
}
