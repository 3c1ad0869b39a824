// /add-course and /edit-course/{id}, the simple course form (spec admin-back-office §2 "Simple course
// add/edit form", §5, §9; issue 17) on the kit (COURSE_FORMS.simple): its six fields, all required; edit
// mode when an id is present, an unknown id the error page's 'Course not found'. A save returns to /courses.
import type { Route } from "./+types/course-edit";
import { COURSE_FORMS } from "../../../contract/courses/course-screens.ts";
import { COURSE_MESSAGES } from "../../../contract/courses/course-texts.ts";
import { loadSimpleCourse, simpleCourseAction } from "../../features/courses/course-admin.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { FormScreen } from "../../components/admin/declared-form.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";

export const loader = (args: Route.LoaderArgs) => loadSimpleCourse(args);
export const action = (args: Route.ActionArgs) => simpleCourseAction(args);

export default function SimpleCourseForm({ loaderData: { editing }, actionData }: Route.ComponentProps) {
  return (
    <FormScreen
      title={editing ? "Edit Course" : "Add Course"}
      lead={
        editing
          ? `“${editing.title}”: title, category, instructor, price, image and rating.`
          : "Title, category, instructor, price, image and rating."
      }
      spec={COURSE_FORMS.simple}
      editing={editing}
      actionData={actionData}
      cancelTo="/pmtalsLink/admin"
    />
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return adminMeta(loaderData?.editing ? "Edit Course" : "Add Course", matches[0]?.loaderData?.siteName);
}

/** The words of this page's error page (app/components/ui/error-page.tsx). */
export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: {
    titles: { 404: COURSE_MESSAGES.notFound },
    back: { to: "/pmtalsLink/admin", label: "Back to courses" },
  },
};
