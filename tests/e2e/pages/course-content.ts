// The course content screen (/admin/course/{id}/content, issue 31): its two forms, its chapters with their
// lessons (each row's heading, badges and buttons), and a lesson's uploads.
import type { Locator, Page } from "@playwright/test";
import { AdminPage } from "./admin.ts";

export class CourseContentPage extends AdminPage {
  constructor(page: Page) {
    super(page);
  }

  async goto(courseId: string) {
    await this.page.goto(`/admin/course/${courseId}/content`);
  }

  get chapterForm(): Locator {
    return this.page.getByRole("form", { name: /chapter/i }).filter({ has: this.page.getByLabel("Chapter title") });
  }

  get lessonForm(): Locator {
    return this.page.getByRole("form", { name: /lesson/i }).filter({ has: this.page.getByLabel("Lesson title") });
  }

  get outline(): Locator {
    return this.page.getByRole("region", { name: "Chapters and lessons" });
  }

  async addChapter(title: string) {
    await this.chapterForm.getByLabel("Chapter title").fill(title);
    await this.chapterForm.getByRole("button", { name: "Add Chapter" }).click();
    await this.toast("Chapter added").waitFor();
    await this.dismissToast("Chapter added");
  }

  /** Fills the lesson form (`fields` by label; a select by its option's words) and adds it. */
  async addLesson(fields: { chapter: string; kind: string; title: string } & Record<string, string | boolean>) {
    const form = this.lessonForm;
    await form.getByRole("combobox", { name: "Chapter", exact: true }).selectOption({ label: fields.chapter });
    await form.getByRole("combobox", { name: "Kind", exact: true }).selectOption({ label: fields.kind });
    await form.getByLabel("Lesson title").fill(fields.title);
    for (const [label, value] of Object.entries(fields)) {
      if (["chapter", "kind", "title"].includes(label)) continue;
      if (typeof value === "boolean") await form.getByLabel(label).setChecked(value);
      else await form.getByLabel(label).fill(value);
    }
    await form.getByRole("button", { name: "Add Lesson" }).click();
    await this.toast("Lesson added").waitFor();
    await this.dismissToast("Lesson added");
  }

  /** A chapter's card (its lessons inside). */
  chapter(title: string): Locator {
    return this.outline
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { level: 3, name: title, exact: true }) });
  }

  /** A lesson's row. */
  lesson(title: string): Locator {
    return this.outline
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { level: 4, name: title, exact: true }) })
      .last();
  }

  /** The lesson titles of a chapter, in order. */
  lessonTitles(chapter: string): Promise<string[]> {
    return this.chapter(chapter).getByRole("heading", { level: 4 }).allTextContents();
  }

  /** Uploads a file in a lesson's row (`what`: the upload's form, "video" or "material"). */
  async upload(lesson: string, what: "video" | "material", file: { name: string; mimeType: string; buffer: Buffer }) {
    const form = this.page.getByRole("form", { name: `Upload a ${what} for ${lesson}` });
    await form.getByLabel(what === "video" ? "Upload a video" : "Add a material").setInputFiles(file);
    await form.getByRole("button", { name: what === "video" ? "Upload Video" : "Upload Material" }).click();
  }
}
