// The course admin screens' loaders and actions (app/features/courses/course-admin.server.ts) with stand-in services:
// the form → result → message path of the two course forms, the delete's question and step-up, the
// course manager's categories, and what the detail page loads (a deleted course, 404, a failure).
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Course } from "../../../contract/courses/catalog.ts";
import { COURSE_CATEGORY_MESSAGES, COURSE_MESSAGES } from "../../../contract/courses/course-texts.ts";
import type { CoursePurchase } from "../../../contract/courses/courses.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import { Conflict, Invalid, NotFound, StepUpRequired } from "../../../server/lib/errors.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import {
  courseManagerAction,
  loadCourseDetail,
  loadSimpleCourse,
  simpleCourseAction,
  type CourseActionResult,
} from "./course-admin.server.ts";
import { createLogger } from "../../../server/lib/logger.ts";
import { pageServices, UNEXPECTED_REASON } from "../../lib/page-errors.server.ts";
import { TEST_ADMIN as ADMIN } from "../../../tests/support/actors.ts";

const ID = "0123456789abcdef01234567";

const COURSE: Course = {
  _id: ID,
  title: "Web Basics",
  img: "/media/web.png",
  instructor: "Ada",
  duration: "8 weeks",
  price: 150000,
  discountPrice: null,
  showDiscount: false,
  rating: 4.5,
  category: "Coding",
  features: ["Projects"],
};

function services(overrides: { catalog?: object; categories?: object; users?: object } = {}) {
  return {
    catalog: {
      coursesPage: vi.fn(async () => ({ items: [COURSE], page: 1, pageSize: 25, total: 1 })),
      getCourse: vi.fn(async (id: string) => {
        if (id !== ID) throw NotFound(COURSE_MESSAGES.notFound);
        return COURSE;
      }),
      createCourse: vi.fn(async () => COURSE),
      updateCourse: vi.fn(async () => COURSE),
      deleteCourse: vi.fn(async () => ({ message: COURSE_MESSAGES.deleted, _id: ID })),
      coursePurchases: vi.fn(async (): Promise<CoursePurchase[]> => []),
      ...overrides.catalog,
    },
    // the course detail's learners (issue 31)
    authoring: { learners: vi.fn(async () => []) },
    categories: {
      listPage: vi.fn(async () => ({
        items: [{ _id: "c1", name: "Coding", courses: 1, posts: 0 }],
        page: 1,
        pageSize: 100,
        total: 1,
      })),
      create: vi.fn(async () => ({ _id: "c2", name: "UX" })),
      removeByName: vi.fn(async () => ({ _id: "c1", name: "Coding" })),
      ...overrides.categories,
    },
    users: { verifyPassword: vi.fn(async () => ({ verifiedAt: "2026-01-01T10:00:00.000Z" })), ...overrides.users },
  };
}

function args(s: ReturnType<typeof services>, request: Request, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor: ADMIN,
    // as pages see them: a domain error becomes the page error (app/lib/page-errors.server.ts)
    services: pageServices(s as unknown as Record<string, object>),
    cookieSecret: "test-secret",
    secureCookies: false,
  } as unknown as AppContext);
  return { request, params, context };
}

const post = (path: string, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`http://localhost${path}`, { method: "POST", body });
};

const MANAGER = "/pmtalsLink/admin";
const answer = (result: CourseActionResult | Response) => {
  if (result instanceof Response) throw new Error(`a redirect to ${result.headers.get("Location")}`);
  return result;
};

describe("the simple course form", () => {
  it("a blank form: each field's message, 'Failed to save course: ' above, what was typed kept; nothing saved", async () => {
    const s = services();
    const result = answer(
      await simpleCourseAction(args(s, post("/add-course", { title: "Web", price: "", rating: "9" }))),
    );
    expect(result).toMatchObject({
      ok: false,
      intent: "course.save",
      formError: COURSE_MESSAGES.saveFailed + COURSE_MESSAGES.checkFields,
      fieldErrors: {
        category: COURSE_MESSAGES.required("Category"),
        price: COURSE_MESSAGES.required("Price"),
        img: COURSE_MESSAGES.required("Image"),
        rating: COURSE_MESSAGES.rating,
      },
      values: { title: "Web", price: "", rating: "9" },
    });
    expect(s.catalog.createCourse).not.toHaveBeenCalled();
  });

  it("an edit saves the six fields and returns to /courses with the message", async () => {
    const s = services();
    const fields = {
      title: "Web 2",
      category: "Coding",
      instructor: "Ada",
      price: "120,000",
      img: "/m.png",
      rating: "4",
    };
    const result = await simpleCourseAction(args(s, post(`/edit-course/${ID}`, fields), { id: ID }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/courses");
    expect((result as Response).headers.get("Set-Cookie")).toMatch(/^flash=/);
    expect(s.catalog.updateCourse).toHaveBeenCalledWith(ADMIN, ID, { ...fields, price: 120000, rating: 4 });
  });

  it("a refusal of the service follows 'Failed to save course: '", async () => {
    const s = services({
      catalog: { createCourse: vi.fn(async () => Promise.reject(Invalid(COURSE_MESSAGES.category))) },
    });
    const fields = { title: "W", category: "Coding", instructor: "A", price: "1", img: "/m.png", rating: "4" };
    const result = answer(await simpleCourseAction(args(s, post("/add-course", fields))));
    expect(result).toMatchObject({ ok: false, formError: COURSE_MESSAGES.saveFailed + COURSE_MESSAGES.category });
  });

  it("an unexpected failure (issue 29): 'Failed to save course: ' on the form, the cause one JSON line in the log", async () => {
    const s = services({
      catalog: { createCourse: vi.fn(async () => Promise.reject(new Error("connection terminated"))) },
    });
    const fields = { title: "W", category: "Coding", instructor: "A", price: "1", img: "/m.png", rating: "4" };
    const a = args(s, post("/add-course", fields));
    const lines: string[] = [];
    a.context.get(appContext).logger = createLogger("info", (line) => lines.push(line));
    const result = answer(await simpleCourseAction(a));
    expect(result).toMatchObject({
      ok: false,
      intent: "course.save",
      formError: COURSE_MESSAGES.saveFailed + UNEXPECTED_REASON,
      values: { title: "W" },
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", error: "connection terminated" });
    expect(JSON.parse(lines[0]!).stack).toMatch(/^\s+at /);
  });

  it("an unknown id is the 404 page; a known one fills the form", async () => {
    const s = services();
    const load = (id: string) => loadSimpleCourse(args(s, new Request(`http://localhost/edit-course/${id}`), { id }));
    await expect(load("ffffffffffffffffffffffff")).rejects.toMatchObject({
      init: { status: 404 },
      data: { message: COURSE_MESSAGES.mayBeDeleted },
    });
    expect((await load(ID)).editing?.values).toMatchObject({ price: "150000", rating: "4.5", discountPrice: "" });
  });
});

describe("deleting a course on the manager", () => {
  it("without the dialog's confirmation (no JavaScript) the page asks first", async () => {
    const s = services();
    const result = answer(await courseManagerAction(args(s, post(MANAGER, { intent: "course.delete", id: ID }))));
    expect(result).toEqual({
      ok: true,
      intent: "course.confirm",
      message: COURSE_MESSAGES.confirmDelete(COURSE.title),
      values: { id: ID, label: COURSE.title },
    });
    expect(s.catalog.deleteCourse).not.toHaveBeenCalled();
  });

  it("an old password proof: the step-up prompt; a wrong password is said in it; the right one deletes", async () => {
    const s = services({
      catalog: {
        deleteCourse: vi.fn(async (actor: Actor) => {
          if (!actor.verifiedAt) throw StepUpRequired("Please confirm your password to continue.");
          return { message: COURSE_MESSAGES.deleted, _id: ID };
        }),
      },
    });
    const asked = answer(
      await courseManagerAction(args(s, post(MANAGER, { intent: "course.delete", id: ID, confirmed: "yes" }))),
    );
    expect(asked).toMatchObject({ ok: false, intent: "course.delete", code: "step_up_required", values: { id: ID } });

    s.users.verifyPassword.mockRejectedValueOnce(Invalid("That password is not right. Please try again."));
    const wrong = answer(
      await courseManagerAction(args(s, post(MANAGER, { intent: "confirm", id: ID, password: "nope" }))),
    );
    expect(wrong).toMatchObject({
      code: "step_up_required",
      fieldErrors: { password: "That password is not right. Please try again." },
    });

    const done = await courseManagerAction(
      args(s, post(`${MANAGER}?page=2&edit=${ID}`, { intent: "confirm", id: ID, password: "right" })),
    );
    expect((done as Response).headers.get("Location")).toBe(`${MANAGER}?page=2#course-list`);
    expect(s.catalog.deleteCourse).toHaveBeenLastCalledWith(
      expect.objectContaining({ verifiedAt: expect.any(Date) }),
      ID,
    );
  });
});

describe("the manager's categories", () => {
  it("a blank name: 'Please enter a category name'; a refusal: 'Failed to add category: ' and the reason", async () => {
    const s = services({
      categories: { create: vi.fn(async () => Promise.reject(Conflict('A category named "UX" already exists.'))) },
    });
    const blank = answer(await courseManagerAction(args(s, post(MANAGER, { intent: "category.add", name: "  " }))));
    expect(blank).toMatchObject({ intent: "category.add", fieldErrors: { name: COURSE_CATEGORY_MESSAGES.empty } });
    const taken = answer(await courseManagerAction(args(s, post(MANAGER, { intent: "category.add", name: "UX" }))));
    expect(taken).toMatchObject({
      intent: "category.add",
      fieldErrors: { name: `${COURSE_CATEGORY_MESSAGES.addFailed}A category named "UX" already exists.` },
      values: { name: "UX" },
    });
  });

  it("adds, and removes only once confirmed", async () => {
    const s = services();
    const added = await courseManagerAction(args(s, post(MANAGER, { intent: "category.add", name: " UX " })));
    expect((added as Response).headers.get("Location")).toBe(`${MANAGER}#course-categories`);
    expect(s.categories.create).toHaveBeenCalledWith(ADMIN, { name: "UX" });
    const asked = answer(await courseManagerAction(args(s, post(MANAGER, { intent: "category.remove", name: "UX" }))));
    expect(asked).toMatchObject({ ok: true, intent: "category.confirm" });
    expect(s.categories.removeByName).not.toHaveBeenCalled();
    await courseManagerAction(args(s, post(MANAGER, { intent: "category.remove", name: "UX", confirmed: "yes" })));
    expect(s.categories.removeByName).toHaveBeenCalledWith(ADMIN, "UX");
  });
});

describe("the course detail page", () => {
  const detail = (s: ReturnType<typeof services>, id = ID) =>
    loadCourseDetail(args(s, new Request(`http://localhost/admin/course/${id}`), { id }));
  const record = (paymentStatus: string, amount: number | null): CoursePurchase => ({
    _id: `p-${paymentStatus}-${amount}`,
    userName: "Bola",
    email: "bola@example.test",
    phone: "0803",
    paymentStatus,
    amount,
    couponId: null,
    purchasedAt: "2026-03-01T09:30:00.000Z",
    reference: null,
    paymentState: null,
  });

  it("counts paid records only, with their revenue; times in Lagos", async () => {
    const purchases = [record("paid", 150000), record("pending", 150000), record("paid", 120000.5)];
    const data = await detail(services({ catalog: { coursePurchases: vi.fn(async () => purchases) } }));
    expect(data.stats).toEqual({ totalPurchases: 2, revenue: 270000.5 });
    expect(data.records).toBe(3);
    expect(data.purchases[0]?.purchasedAtText).toMatch(/10:30/);
  });

  it("a deleted course with purchases: no course (the page says 'Deleted Course'); with none, the 404 page", async () => {
    const gone = "ffffffffffffffffffffffff";
    const kept = await detail(
      services({ catalog: { coursePurchases: vi.fn(async () => [record("paid", 100)]) } }),
      gone,
    );
    expect(kept.course).toBeNull();
    const none = services({
      catalog: { coursePurchases: vi.fn(async () => Promise.reject(NotFound("Course not found"))) },
    });
    await expect(detail(none, gone)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("any other failure is the page's 'Failed to load course details' (500), the cause only in the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = services({ catalog: { coursePurchases: vi.fn(async () => Promise.reject(new Error("db down"))) } });
    await expect(detail(broken)).rejects.toMatchObject({
      init: { status: 500 },
      data: { message: COURSE_MESSAGES.mayBeDeleted },
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
