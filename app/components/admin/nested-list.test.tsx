// The nested list (a course's chapters with their lessons) as the server renders it, on the content
// screen's declaration: each row's heading, badges and detail, Up disabled on the first row and Down on
// the last (within its own group), the toggle's words by state, a group's "Add a lesson" link, the empty
// states, and the question a delete posted without JavaScript answers, shown on the page.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { COURSE_OUTLINE } from "../../../contract/learning/content-screen.ts";
import type { AuthoringChapter, AuthoringLesson } from "../../../contract/learning/learning.ts";
import { NestedList } from "./nested-list.tsx";

const lesson = (id: string, title: string, more: Partial<AuthoringLesson> = {}): AuthoringLesson => ({
  _id: id,
  courseId: "k1",
  chapterId: "c1",
  title,
  kind: "text",
  published: true,
  preview: false,
  length: null,
  body: "",
  videoUrl: null,
  video: null,
  materials: [],
  liveStartsAt: null,
  liveMinutes: null,
  liveJoinUrl: null,
  required: true,
  passPercent: null,
  maxAttempts: null,
  questions: 0,
  learners: 0,
  ...more,
});

const CHAPTERS: AuthoringChapter[] = [
  {
    _id: "c1",
    title: "Start",
    published: false,
    lessons: [
      lesson("l1", "Welcome", { preview: true }),
      lesson("l2", "Cut", {
        kind: "video",
        learners: 2,
        video: { state: "transcoding", progress: 40, error: null, src: null, poster: null, embed: false },
      }),
    ],
  },
  { _id: "c2", title: "Later", published: true, lessons: [] },
];

function render(groups: AuthoringChapter[], actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/admin/course/x/content",
      Component: () => (
        <NestedList
          spec={COURSE_OUTLINE}
          groups={groups}
          actionData={actionData as never}
          itemExtra={(l) => <p>files of {l.title}</p>}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/course/x/content"]} />);
}

describe("NestedList", () => {
  it("shows each chapter and lesson with its state, detail and buttons", () => {
    const html = render(CHAPTERS);
    expect(html).toMatch(/<h3[^>]*>Start<\/h3>/);
    expect(html).toMatch(/<h4[^>]*>Cut<\/h4>/);
    expect(html).toContain(">Draft<");
    expect(html).toContain(">Free preview<");
    expect(html).toContain(">Transcoding 40%<");
    expect(html).toContain("Video · 2 learners with progress");
    // the first row's Up and the last row's Down are disabled, in each group
    expect(html).toMatch(/disabled="" aria-label="Move Start up"/);
    expect(html).toMatch(/disabled="" aria-label="Move Later down"/);
    expect(html).toMatch(/disabled="" aria-label="Move Welcome up"/);
    expect(html).not.toMatch(/disabled="" aria-label="Move Welcome down"/);
    expect(html).toMatch(/disabled="" aria-label="Move Cut down"/);
    // the toggle by state: a draft chapter is published, a published lesson unpublished
    expect(html).toContain('aria-label="Publish Start"');
    expect(html).toContain('aria-label="Unpublish Welcome"');
    expect(html).toContain('name="published" value="false"');
    expect(html).toContain('href="/admin/course/x/content?chapter=c1#lesson-form-title"');
    expect(html).toContain('href="/admin/course/x/content?edit=l2#lesson-form-title"');
    expect(html).toContain("files of Cut");
    expect(html).toContain(COURSE_OUTLINE.emptyGroup);
  });

  it("says there is nothing yet", () => {
    expect(render([])).toContain(COURSE_OUTLINE.empty);
  });

  it("shows the question a delete posted without JavaScript answered, with the confirmed post", () => {
    const html = render(CHAPTERS, {
      ok: true,
      intent: "lesson.confirm",
      message: "2 learners have progress in this lesson. Delete it and their progress?",
      values: { id: "l2" },
    });
    expect(html).toContain("2 learners have progress in this lesson. Delete it and their progress?");
    expect(html).toMatch(
      /name="intent" value="lesson.delete"\/><input type="hidden" name="id" value="l2"\/><input type="hidden" name="confirmed" value="yes"/,
    );
  });
});
