// /admin/categories (spec admin-back-office §2 "Categories admin", §5, §8; decision 020): add a
// category by name, and remove one after 'Are you sure you want to delete "{name}"?'. The one list of
// courses and posts, with how many of each use a category: one in use is not removed (the service
// refuses and says how many use it). Plain POST forms: without JavaScript adding works the same, and
// removing asks its question on a page of its own (the dialog needs JavaScript).
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/categories";
import { NewCategorySchema, type AdminCategory } from "../../../contract/catalog.ts";
import { CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "../../../contract/category-texts.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { failureFromOutcome, parseForm, readFormBody, type FormValues } from "../../lib/forms.server.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, useListLoading, type Column } from "../../components/admin/data-table.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { ConfirmAction } from "../../components/ui/confirm-dialog.tsx";
import {
  Field,
  Notice,
  PageForm,
  SubmitButton,
  isPendingFor,
  useContractCheck,
  useFocusOnProblems,
} from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

const PATH = "/admin/categories";

/** What the page says when the list cannot be read (the spec's 'Error loading categories: {message}'). */
const UNREADABLE = "The list could not be read. Please try again.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  try {
    return { categories: await ctx.services.categories.listForAdmin(actor), error: null };
  } catch (error) {
    const refused = toPageError(error);
    // signed out or no longer an admin: the guard's answers, not a list that failed
    if (refused?.status === 401 || refused?.status === 403) throw error;
    console.error("admin categories: loading the list failed", error);
    return { categories: [] as AdminCategory[], error: `Error loading categories: ${refused?.message ?? UNREADABLE}` };
  }
}

// Schema: NewCategorySchema (contract/catalog.ts), here and again in services.categories.add.
const FIELDS = ["name"] as const;
type NameField = (typeof FIELDS)[number];

export type CategoriesActionData =
  | { kind: "added"; message: string }
  | { kind: "add-failed"; failure: ActionFailure<NameField, FormValues<NameField>> }
  | { kind: "removed"; message: string }
  | { kind: "remove-failed"; message: string }
  /** a removal posted without the dialog's confirmation (no JavaScript): the question, on the page */
  | { kind: "confirm"; name: string };

export async function action({ request, context }: Route.ActionArgs): Promise<CategoriesActionData> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const intent = new URL(request.url).searchParams.get("intent");

  if (intent === "remove") {
    const { fields } = await readFormBody(request);
    const name = typeof fields.name === "string" ? fields.name : "";
    if (fields.confirmed !== "yes") return { kind: "confirm", name: name.trim().slice(0, 200) };
    try {
      await ctx.services.categories.remove(actor, name);
      return { kind: "removed", message: CATEGORY_MESSAGES.removed };
    } catch (error) {
      const refused = toPageError(error);
      if (!refused) throw error;
      return { kind: "remove-failed", message: refused.message || CATEGORY_MESSAGES.removeFailed };
    }
  }

  const form = await parseForm(request, {
    schema: NewCategorySchema,
    fields: FIELDS,
    labels: { name: "Category name" },
    keep: FIELDS,
  });
  if (!form.ok) return { kind: "add-failed", failure: form.failure };
  try {
    await ctx.services.categories.add(actor, form.data.name);
    return { kind: "added", message: CATEGORY_MESSAGES.added };
  } catch (error) {
    const refused = toPageError(error);
    if (!refused) throw error;
    // a duplicate (409) or a name the service refuses: beside the field, the name kept
    return {
      kind: "add-failed",
      failure: failureFromOutcome(
        { message: refused.message || CATEGORY_MESSAGES.addFailed, field: "name" },
        FIELDS,
        form.values,
      ),
    };
  }
}

type Row = AdminCategory;

const uses = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const COLUMNS: ReadonlyArray<Column<Row>> = [
  {
    key: "name",
    header: "Category",
    rowHeader: true,
    cell: (row) => <span className="font-semibold break-words text-slate-900">{row.name}</span>,
  },
  { key: "courses", header: "Courses", alignEnd: true, cell: (row) => uses(row.courses, "course", "courses") },
  { key: "posts", header: "Posts", alignEnd: true, cell: (row) => uses(row.posts, "post", "posts") },
];

function RemoveButton({ row }: { row: Row }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formAction?.includes("intent=remove") === true &&
    navigation.formData?.get("name") === row.name;
  const users = [
    row.courses > 0 ? uses(row.courses, "course", "courses") : null,
    row.posts > 0 ? uses(row.posts, "post", "posts") : null,
  ].filter(Boolean);
  return (
    <ConfirmAction
      action={`${PATH}?intent=remove`}
      fields={{ name: row.name }}
      label="Remove"
      accessibleLabel={`Remove ${row.name}`}
      question={CATEGORY_MESSAGES.confirm(row.name)}
      message={
        users.length > 0
          ? `${users.join(" and ")} ${row.courses + row.posts === 1 ? "uses" : "use"} it: it cannot be removed while they do.`
          : undefined
      }
      confirmLabel="Remove"
      busy={busy}
    />
  );
}

/** Without JavaScript a Remove posts at once: its question, answered on the page. */
function ConfirmRemoval({ name }: { name: string }) {
  return (
    <section aria-labelledby="confirm-title" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-5">
      <h2 id="confirm-title" className="text-lg font-bold text-slate-900">
        {CATEGORY_MESSAGES.confirm(name)}
      </h2>
      <Form method="post" action={`${PATH}?intent=remove`} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="name" value={name} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={buttonClass("primary", "md", "bg-red-700 hover:bg-red-800")}>
          Remove
        </button>
        <Link to={PATH} className={buttonClass("ghost", "md")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, error } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading = useListLoading();
  const formRef = useRef<HTMLFormElement>(null);
  const adding = isPendingFor(navigation, PATH) && navigation.formAction?.includes("intent=add") === true;

  const done = actionData?.kind === "added" || actionData?.kind === "removed" ? actionData.message : null;
  const failed =
    actionData?.kind === "remove-failed"
      ? actionData.message
      : actionData?.kind === "add-failed"
        ? (actionData.failure.fieldErrors.name ?? actionData.failure.formError ?? CATEGORY_MESSAGES.addFailed)
        : null;
  useToast(actionData, done, "success");
  useToast(actionData, failed, "error");

  const addFailure = actionData?.kind === "add-failed" ? actionData.failure : undefined;
  // The contract's schema checks the name in the browser first ('Category name cannot be empty!').
  const check = useContractCheck({
    load: () => import("../../../contract/catalog.ts").then((m) => m.NewCategorySchema),
    fields: FIELDS,
    answer: actionData,
  });
  const nameError = check.errors?.name ?? addFailure?.fieldErrors.name;
  useFocusOnProblems(formRef, check.errors ?? addFailure, "category-form-error");
  // After an add the box is emptied for the next name.
  useEffect(() => {
    if (actionData?.kind === "added") formRef.current?.reset();
  }, [actionData]);

  return (
    <>
      <AdminPageHeader title="Categories" lead="The one list of categories that courses and blog posts choose from." />
      {/* Without JavaScript there are no toasts: the outcome shows here instead. */}
      <div role="status">
        {!hydrated && done && (
          <p className="mt-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 font-semibold text-green-900">
            {done}
          </p>
        )}
      </div>
      {actionData?.kind === "remove-failed" && (
        <Notice tone="error" title={CATEGORY_MESSAGES.removeFailed} className="mt-6 rounded-lg border px-4 py-3">
          {actionData.message}
        </Notice>
      )}
      {actionData?.kind === "confirm" && <ConfirmRemoval name={actionData.name} />}

      <section aria-labelledby="add-title" className="mt-8 max-w-xl">
        <h2 id="add-title" className="text-lg font-bold text-slate-900">
          Add a category
        </h2>
        <PageForm
          formRef={formRef}
          action={`${PATH}?intent=add`}
          errorId="category-form-error"
          error={check.errors ? undefined : addFailure?.formError}
          className="mt-3 space-y-4"
          noValidate
          {...check.formProps}
        >
          <Field
            id="category-name"
            name="name"
            label="Category name"
            hint={`At most ${CATEGORY_NAME_MAX} characters.`}
            maxLength={CATEGORY_NAME_MAX}
            autoComplete="off"
            defaultValue={addFailure?.values.name ?? ""}
            error={nameError}
            // the spec quotes the message alone ('Category name cannot be empty!')
            errorPrefix={false}
            key={actionData?.kind === "add-failed" ? "failed" : "fresh"}
          />
          <SubmitButton pending={adding} label="Add category" pendingLabel="Adding…" className="w-full sm:w-auto" />
        </PageForm>
      </section>

      <section aria-labelledby="list-title" className="mt-10">
        <h2 id="list-title" className="text-lg font-bold text-slate-900">
          {error ? "All categories" : categories.length === 1 ? "1 category" : `${categories.length} categories`}
        </h2>
        <p role="status" className="mt-1 text-sm text-slate-600">
          {loading ? "Loading categories..." : ""}
        </p>
        <DataTable
          labelledBy="list-title"
          columns={COLUMNS}
          rows={categories}
          rowKey={(row) => row._id}
          actions={(row) => <RemoveButton row={row} />}
          actionsHeader="Remove"
          empty="No categories found."
          error={error}
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Categories", matches[0]?.loaderData?.siteName);
}
