// The course manager's categories (spec admin-back-office §2 "Course admin manager": "add and remove
// categories", §5 'Please enter a category name', §8 'Failed to add category: ', 'Category added
// successfully'): the one list of courses and posts, with how many use each; a category in use is not
// removed (decision 020). The action answers `category.add`, `category.remove`, `category.confirm`.
import { useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import type { AdminCategory } from "../../../contract/catalog.ts";
import { CATEGORY_MESSAGES } from "../../../contract/category-texts.ts";
import { COURSE_CATEGORY_MESSAGES } from "../../../contract/course-texts.ts";
import type { CourseActionResult } from "../../lib/course-admin.server.ts";
import { ConfirmAction, ConfirmOnPage, useLocalRefusal } from "../ui/confirm-dialog.tsx";
import {
  Field,
  Notice,
  PageForm,
  SubmitButton,
  useContractCheck,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";
import { toast, useToast } from "../ui/toast.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { confirmationOf } from "../../lib/action-result.ts";

const uses = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const COLUMNS: ReadonlyArray<Column<AdminCategory>> = [
  {
    key: "name",
    header: "Category",
    rowHeader: true,
    cell: (row) => <span className="font-semibold break-words text-slate-900">{row.name}</span>,
  },
  { key: "courses", header: "Courses", alignEnd: true, cell: (row) => uses(row.courses, "course", "courses") },
  { key: "posts", header: "Posts", alignEnd: true, cell: (row) => uses(row.posts, "post", "posts") },
];

export function CourseCategories({
  categories,
  actionData,
}: {
  categories: readonly AdminCategory[];
  actionData: CourseActionResult | undefined;
}) {
  const t = COURSE_CATEGORY_MESSAGES;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const answer = actionData?.intent?.startsWith("category.") ? actionData : undefined;
  const addFailure = answer && !answer.ok && answer.intent === "category.add" ? answer : undefined;
  const removeFailure = answer && !answer.ok && answer.intent === "category.remove" ? answer : undefined;
  const confirming = confirmationOf<{ id: string; label: string }>(answer, "category.remove");
  // a Remove the server would refuse (a category in use, issue 29): said here before anything is sent,
  // in the server's words, until the next answer or page
  const [refusedHere, sayRefusal] = useLocalRefusal(actionData);
  const removeError = removeFailure?.formError ?? refusedHere;
  const check = useContractCheck({
    load: () => import("../../../contract/course-form.ts").then((m) => m.CourseCategoryFormSchema),
    fields: ["name"] as const,
    answer: actionData,
  });
  const nameError = check.errors?.name ?? addFailure?.fieldErrors.name;
  useFocusOnProblems(formRef, check.errors ?? addFailure);
  const added = useSuccessCount("category.add", addFailure);
  useToast(addFailure ?? removeFailure, addFailure?.fieldErrors.name ?? removeFailure?.formError, "error");
  const posting = (intent: string, name?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (name === undefined || navigation.formData?.get("name") === name);

  return (
    <section id="course-categories" aria-labelledby="course-categories-title" className="mt-12 scroll-mt-20">
      <FlashNotice at="course-categories" />
      <h2 id="course-categories-title" className="text-xl font-extrabold tracking-tight text-brand-950">
        Categories
      </h2>
      <p className="mt-1 text-slate-600">
        The one list of courses and posts. A category that courses or posts use cannot be removed.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <PageForm
          key={`${added}:${addFailure ? "failed" : "fresh"}`}
          formRef={formRef}
          errorId="course-category-error"
          className="space-y-4"
          aria-label="Add a category"
          noValidate
          {...check.formProps}
        >
          <input type="hidden" name="intent" value="category.add" />
          <Field
            id="course-category-name"
            name="name"
            label="Category name"
            error={nameError}
            defaultValue={addFailure?.values.name ?? ""}
            maxLength={50}
            autoComplete="off"
            errorPrefix={false}
          />
          <SubmitButton
            pending={posting("category.add")}
            label="Add Category"
            pendingLabel="Adding…"
            className="w-full sm:w-auto"
          />
        </PageForm>
        <div>
          <h3 id="course-categories-list" className="sr-only">
            Category list
          </h3>
          {removeError ? (
            <Notice tone="error" className="mt-2 rounded-lg border px-4 py-3">
              {removeError}
            </Notice>
          ) : null}
          {confirming ? (
            <ConfirmOnPage
              question={confirming.message}
              fields={{ intent: "category.remove", name: confirming.values.id }}
              confirmLabel="Remove"
              cancelTo={`${pathname}${search}`}
            />
          ) : null}
          <DataTable
            labelledBy="course-categories-list"
            columns={COLUMNS}
            rows={categories}
            rowKey={(row) => row._id}
            empty="No categories found."
            actionsHeader="Actions"
            actions={(row) => {
              const inUse = row.courses + row.posts > 0;
              const refused = inUse ? t.removeFailed + CATEGORY_MESSAGES.inUse(row.name, row) : "";
              return (
                <ConfirmAction
                  fields={{ intent: "category.remove", name: row.name }}
                  label="Remove"
                  accessibleLabel={`Remove ${row.name}`}
                  question={t.confirmRemove(row.name)}
                  busy={posting("category.remove", row.name)}
                  refused={
                    inUse
                      ? {
                          note: CATEGORY_MESSAGES.inUseNote(row),
                          onRefused: () => {
                            sayRefusal(refused);
                            void toast(refused, "error");
                          },
                        }
                      : undefined
                  }
                />
              );
            }}
          />
        </div>
      </div>
    </section>
  );
}
