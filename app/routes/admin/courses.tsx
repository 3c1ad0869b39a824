// /pmtalsLink/admin, the course manager (spec admin-back-office §2 "Course admin manager", §4, §5, §8;
// issue 17; decision 032): the course form (Add, or Update with `?edit=<id>`), the courses with Edit,
// Details and Delete (after its question, and the password again when the last one is old: step-up),
// and the categories. Loader and action: app/lib/course-admin.server.ts.
import { Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/courses";
import type { Course } from "../../../contract/catalog.ts";
import { COURSE_MESSAGES } from "../../../contract/course-texts.ts";
import { formatNaira } from "../../../contract/money.ts";
import { courseManagerAction, loadCourseManager } from "../../lib/course-admin.server.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { CourseCategories } from "../../components/admin/course-categories.tsx";
import { CourseForm } from "../../components/admin/course-form.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";
import { confirmationOf } from "../../lib/action-result.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../../components/ui/confirm-dialog.tsx";
import { Notice } from "../../components/ui/form.tsx";
import { FlashNotice } from "../../components/ui/flash-message.tsx";
import { useToast } from "../../components/ui/toast.tsx";

export const loader = (args: Route.LoaderArgs) => loadCourseManager(args);
export const action = (args: Route.ActionArgs) => courseManagerAction(args);

const PATH = "/pmtalsLink/admin";

const COLUMNS: ReadonlyArray<Column<Course>> = [
  {
    key: "title",
    header: "Title",
    rowHeader: true,
    cell: (c) => <span className="font-semibold break-words text-slate-900">{c.title}</span>,
  },
  { key: "category", header: "Category", cell: (c) => c.category },
  { key: "price", header: "Price", alignEnd: true, cell: (c) => formatNaira(c.price, { decimals: 2 }) },
  {
    key: "discount",
    header: "Discount",
    alignEnd: true,
    cell: (c) =>
      c.discountPrice === null
        ? "None"
        : `${formatNaira(c.discountPrice, { decimals: 2 })}${c.showDiscount ? "" : " (not shown)"}`,
  },
  { key: "rating", header: "Rating", alignEnd: true, cell: (c) => c.rating.toFixed(1) },
];

export default function CourseManager({ loaderData, actionData }: Route.ComponentProps) {
  const { page, categories, editing } = loaderData;
  const navigation = useNavigation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("edit");
  const here = `${PATH}${params.size ? `?${params}` : ""}`;
  const editHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("edit", id);
    return `${PATH}?${next}#course-form-title`;
  };
  const answer = actionData?.intent?.startsWith("course.") ? actionData : undefined;
  const deleteFailure = answer && !answer.ok && answer.intent === "course.delete" ? answer : undefined;
  const stepUp = stepUpOf(deleteFailure);
  const confirming = confirmationOf<{ id: string; label: string }>(answer, "course.delete");
  useToast(stepUp ? undefined : deleteFailure, deleteFailure?.formError, "error");
  const deleting = (id: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "course.delete" &&
    navigation.formData?.get("id") === id;

  const header = (
    <AdminPageHeader title="Courses" lead="Add, edit and delete courses; add and remove categories.">
      <Link to="/add-course" className={buttonClass("ghost", "md", "border border-slate-300")}>
        Quick add (simple form)
      </Link>
    </AdminPageHeader>
  );

  if (stepUp) {
    return (
      <>
        {header}
        <StepUpPrompt
          intent="confirm"
          prompt={stepUp.formError ?? ""}
          error={stepUp.fieldErrors.password}
          answer={stepUp}
          summary={COURSE_MESSAGES.deleteSummary(stepUp.values.title ?? "")}
          fields={{ id: stepUp.values.id ?? "" }}
          confirmLabel="Confirm and delete"
          cancelTo={here}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <section id="course-form" aria-labelledby="course-form-title" className="mt-6 max-w-3xl scroll-mt-20">
        <FlashNotice at="course-form" />
        <CourseForm
          kind="manager"
          categories={categories.map((c) => c.name)}
          editing={editing}
          actionData={actionData}
          cancelTo={here}
        />
      </section>

      <section id="course-list" aria-labelledby="course-list-title" className="mt-12 scroll-mt-20">
        <FlashNotice at="course-list" />
        <h2 id="course-list-title" className="text-xl font-extrabold tracking-tight text-brand-950">
          All courses
        </h2>
        <p className="text-sm text-slate-600">
          {page.total === 1 ? "1 course" : `${page.total} courses`}, newest first
        </p>
        {deleteFailure ? (
          <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
            {deleteFailure.formError}
          </Notice>
        ) : null}
        {confirming ? (
          <ConfirmOnPage
            question={confirming.message}
            fields={{ intent: "course.delete", id: confirming.values.id }}
            cancelTo={here}
          />
        ) : null}
        <DataTable
          labelledBy="course-list-title"
          columns={COLUMNS}
          rows={page.items}
          rowKey={(c) => c._id}
          empty="No courses yet."
          page={page}
          pager={{
            label: "Course pages",
            hrefFor: (p) => {
              const next = new URLSearchParams(params);
              next.set("page", String(p));
              return `${PATH}?${next}#course-list`;
            },
          }}
          actionsHeader="Actions"
          actions={(c) => (
            <div className="flex flex-wrap items-center gap-2 md:justify-end">
              <Link
                to={`/admin/course/${c._id}`}
                aria-label={`Details of ${c.title}`}
                className={buttonClass("ghost", "sm", "border border-slate-300")}
              >
                Details
              </Link>
              <Link
                to={editHref(c._id)}
                aria-label={`Edit ${c.title}`}
                className={buttonClass("ghost", "sm", "border border-slate-300")}
              >
                Edit
              </Link>
              <ConfirmAction
                fields={{ intent: "course.delete", id: c._id }}
                label="Delete"
                accessibleLabel={`Delete ${c.title}`}
                question={COURSE_MESSAGES.confirmDelete(c.title)}
                busy={deleting(c._id)}
              />
            </div>
          )}
        />
      </section>

      <CourseCategories categories={categories} actionData={actionData} />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Courses", matches[0]?.loaderData?.siteName);
}
