// /add-course and /edit-course/{id}, the simple course form (spec admin-back-office §2 "Simple course
// add/edit form", §5, §9; issue 17): title, category (one of four), instructor, price, image URL and
// rating, all required; edit mode when an id is present. A save returns to /courses with its message;
// an unknown id is the error page's 'Course not found'. Loader and action: app/lib/course-admin.server.ts.
import type { Route } from "./+types/course-edit";
import { COURSE_MESSAGES } from "../../../contract/course-texts.ts";
import { loadSimpleCourse, simpleCourseAction } from "../../lib/course-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { CourseForm } from "../../components/admin/course-form.tsx";
import type { ErrorTexts } from "../../components/ui/error-page.tsx";

export const loader = (args: Route.LoaderArgs) => loadSimpleCourse(args);
export const action = (args: Route.ActionArgs) => simpleCourseAction(args);

export default function SimpleCourseForm({ loaderData, actionData }: Route.ComponentProps) {
  const { editing } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={<span id="simple-course-title">{editing ? "Edit Course" : "Add Course"}</span>}
        lead={
          editing
            ? `“${editing.title}”: title, category, instructor, price, image and rating.`
            : "Title, category, instructor, price, image and rating."
        }
      />
      <div className="mt-6 max-w-2xl">
        <CourseForm
          kind="simple"
          categories={[]}
          editing={editing}
          actionData={actionData}
          cancelTo="/pmtalsLink/admin"
          labelledBy="simple-course-title"
        />
      </div>
    </>
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
