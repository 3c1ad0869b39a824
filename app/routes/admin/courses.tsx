// /pmtalsLink/admin, the course manager (spec admin-back-office §2 "Course admin manager", §4, §5, §8;
// issue 17; decision 032) on the kit's ManagerScreen (issue 30; COURSE_MANAGER in contract/courses/course-screens.ts):
// the course form, the courses with Details, Edit and Delete (after its question, and the password again
// when the last one is old), and the categories. Loader and action: app/features/courses/course-admin.server.ts.
import type { Route } from "./+types/courses";
import { COURSE_MANAGER } from "../../../contract/courses/course-screens.ts";
import { courseManagerAction, loadCourseManager } from "../../features/courses/course-admin.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ManagerScreen } from "../../components/admin/manager-screen.tsx";

export const loader = (args: Route.LoaderArgs) => loadCourseManager(args);
export const action = (args: Route.ActionArgs) => courseManagerAction(args);

export default function CourseManager({ loaderData, actionData }: Route.ComponentProps) {
  const { page, names, editing } = loaderData;
  return (
    <ManagerScreen
      spec={COURSE_MANAGER}
      title="Courses"
      lead="Add, edit and delete courses; add and remove categories."
      link={{ to: "/add-course", label: "Quick add (simple form)" }}
      options={{ category: names.map((c) => c.name) }}
      editing={editing}
      page={page}
      names={names}
      actionData={actionData}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Courses", matches[0]?.loaderData?.siteName);
}
