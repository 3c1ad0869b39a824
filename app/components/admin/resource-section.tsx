// The admin screen of a declared resource (contract/admin/admin-resource.ts; decision 029): its form (Add, or
// Update with Cancel when an item is being edited: spec admin §4 "clicking Edit loads the item into the
// form and changes the submit button from Add to Update"), its list (the title and the first 50
// characters of the preview field, spec admin §2, §9) with Edit, Move up / Move down for an ordered
// list, and Delete after a confirmation (an add-only list, the categories, has no Edit; its figures
// follow the title, and its delete may have a word of its own, and be refused before anything is sent:
// a category in use). A resource with a picture field shows each item's picture as a small thumbnail
// first (the parts: ./resource-parts.tsx). Every form posts to the page's action
// (app/lib/admin-resource.server.ts): plain POST forms, so the screen works without JavaScript;
// successes come back as the root's flash message, failures as this section's ActionResult.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { pageParamOf, type ResourceSpec } from "../../../contract/admin/admin-resource.ts";
import type { ResourceActionResult, ResourceView } from "../../lib/admin-resource.server.ts";
import { ConfirmOnPage, useLocalRefusal } from "../ui/confirm-dialog.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { Notice, PageForm, useContractCheck } from "../ui/form.tsx";
import { toast, useToast } from "../ui/toast.tsx";
import { DataTable, useListLoading } from "./data-table.tsx";
import { resourceColumns, ResourceFields, ResourceRowActions, SingleDelete, textOf } from "./resource-parts.tsx";
import { confirmationOf } from "../../lib/action-result.ts";

/** A number for each save's answer, the same for one answer however often it renders. */
const serials = new WeakMap<object, number>();
let lastSerial = 0;
function serialOf(answer: object): number {
  let serial = serials.get(answer);
  if (serial === undefined) serials.set(answer, (serial = ++lastSerial));
  return serial;
}

/**
 * The form's problems: the browser's check of the contract's schema (saying the spec's one message for
 * missing fields, like the server), else the last failed save's.
 */
function useFormErrors(
  spec: ResourceSpec,
  actionData: ResourceActionResult | undefined,
  saveFailure: { formError?: string; fieldErrors: Partial<Record<string, string>> } | undefined,
) {
  const t = spec.texts;
  const check = useContractCheck({
    load: () => import("../../../contract/admin/admin-resource-schema.ts").then((m) => m.resourceInputSchema(spec)),
    fields: spec.fields.map((f) => f.name),
    answer: actionData,
  });
  const checkErrors = check.errors
    ? Object.fromEntries(
        Object.entries(check.errors).map(([name, message]) => [
          name,
          message === t.required ? `${spec.fields.find((f) => f.name === name)?.label ?? name} is required` : message,
        ]),
      )
    : null;
  const checkMissing = check.errors ? Object.values(check.errors).includes(t.required ?? "\u0000") : false;
  const formError = checkErrors ? (checkMissing ? t.required : undefined) : saveFailure?.formError;
  const fieldErrors: Record<string, string | undefined> = checkErrors ?? saveFailure?.fieldErrors ?? {};

  return { check, checkErrors, formError, fieldErrors };
}

export function ResourceSection({
  spec,
  view,
  actionData,
  alone = false,
  headed = false,
}: {
  spec: ResourceSpec;
  view: ResourceView;
  actionData: ResourceActionResult | undefined;
  /** the only list of the screen: its page number is `?page=` */
  alone?: boolean;
  /** the page's h1 names it: no heading of its own, its form and list are h2 */
  headed?: boolean;
}) {
  const t = spec.texts;
  const key = spec.key;
  const location = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(false);
  const loading = useListLoading();
  const deleteLabel = t.deleteLabel ?? "Delete";
  const answer = actionData?.intent?.startsWith(`${key}.`) ? actionData : undefined;
  const failure = answer && !answer.ok ? answer : undefined;
  const saveFailure = failure?.intent === `${key}.save` ? failure : undefined;
  const listFailure = failure && failure.intent !== `${key}.save` ? failure : undefined;
  const confirming = confirmationOf<{ id: string; label: string }>(answer, `${key}.delete`);
  const editing = view.editing;

  const { check, checkErrors, formError, fieldErrors } = useFormErrors(spec, actionData, saveFailure);

  useToast(failure, failure ? (failure.formError ?? Object.values(failure.fieldErrors)[0]) : null, "error");
  const editingId = saveFailure?.values.id ?? editing?._id ?? "";
  // A new form (emptied) after each save (its answer is a new object), an edit or a change in the list's
  // length (the lists revalidate after a failure too, so another admin's add remakes it: the focus below
  // then goes to the new one). The save's own number: the length alone stays the same when another admin
  // removes an item while this one adds.
  const saved = answer?.ok && answer.intent === `${key}.save` ? answer : undefined;
  // A single record's form (the hero) is remade whenever what is stored changes: after Delete Hero it
  // shows the blanked fields, not what the browser kept in them, so the next save cannot put the deleted
  // text back (issue 29).
  const stored = spec.single && editing ? JSON.stringify(spec.fields.map((f) => editing[f.name] ?? "")) : "";
  const formKey = `${editingId}:${saveFailure ? "failed" : "fresh"}:${view.page.total}:${saved ? serialOf(saved) : 0}:${stored}`;
  // after a failed save, focus goes to the first field at fault (or the message above the form)
  useEffect(() => {
    if (!saveFailure && !checkErrors) return;
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else document.getElementById(`${key}-form-error`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saveFailure, check.errors, formKey]);

  const saving =
    navigation.state !== "idle" &&
    navigation.formData?.get("resource") === key &&
    navigation.formData?.get("intent") === "save";
  const busyRow = (intent: string, id: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("resource") === key &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("id") === id;

  // the values the form shows: what was typed before a failure, else the item being edited, else blank
  const valueOf = (name: string) => saveFailure?.values[name] ?? textOf(editing?.[name]);
  const params = new URLSearchParams(location.search);
  params.delete("edit");
  const here = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const editHref = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("edit", id);
    return `${location.pathname}?${p}#${key}-form-title`;
  };
  const headingId = `${key}-title`;
  // alone, the page's h1 names the resource and the form and list are h2; in a screen of several, h3
  const Sub = headed ? "h2" : "h3";

  // a delete refused in the browser before anything is sent (deleteRefused): said where the server's
  // refusal would be, until the next answer or page
  const [refusedHere, sayRefusal] = useLocalRefusal(actionData);
  const listError = listFailure?.formError ?? refusedHere;

  const total = view.page.total;
  const position = (index: number) => (view.page.page - 1) * view.page.pageSize + index;

  return (
    <section
      id={key}
      aria-labelledby={headed ? undefined : headingId}
      aria-label={headed ? t.title : undefined}
      className="mt-10 scroll-mt-20 first:mt-6"
    >
      <FlashNotice at={key} />
      {!headed && (
        <h2 id={headingId} className="text-xl font-extrabold tracking-tight text-brand-950">
          {t.title}
        </h2>
      )}
      {!headed && <p className="mt-1 text-slate-600">{t.lead}</p>}

      <div className={spec.single ? "mt-4 max-w-2xl" : "mt-6 grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"}>
        <div>
          {spec.single ? null : (
            <Sub id={`${key}-form-title`} className="scroll-mt-20 text-lg font-bold text-slate-900">
              {editingId ? `Edit ${t.one}` : `Add ${/^[aeiou]/i.test(t.one) ? "an" : "a"} ${t.one}`}
            </Sub>
          )}
          <PageForm
            key={formKey}
            formRef={formRef}
            errorId={`${key}-form-error`}
            error={formError}
            encType="multipart/form-data"
            className="mt-3 space-y-4"
            noValidate
            {...check.formProps}
          >
            <ResourceFields
              spec={spec}
              editingId={editingId}
              valueOf={valueOf}
              fieldErrors={fieldErrors}
              onUploading={setUploading}
              pending={saving || uploading}
              uploading={uploading}
              cancelTo={here}
            />
          </PageForm>
          {spec.single ? (
            <SingleDelete spec={spec} failure={listFailure?.formError} asking={confirming?.message} cancelTo={here} />
          ) : null}
        </div>
        {spec.single ? null : (
          <div>
            <Sub id={`${key}-list-title`} className="text-lg font-bold text-slate-900">
              {t.many}
            </Sub>
            {view.error ? null : (
              <p className="text-sm text-slate-600">{total === 1 ? `1 ${t.one}` : `${total} in all`}</p>
            )}
            {listError ? (
              <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
                {listError}
              </Notice>
            ) : null}
            {t.loading ? (
              <p role="status" className="text-sm text-slate-600">
                {loading ? t.loading : ""}
              </p>
            ) : null}
            {confirming ? (
              <ConfirmOnPage
                question={confirming.message}
                fields={{ resource: key, intent: "delete", id: confirming.values.id }}
                cancelTo={here}
                confirmLabel={deleteLabel}
              />
            ) : null}
            <DataTable
              labelledBy={`${key}-list-title`}
              columns={resourceColumns(spec)}
              rows={view.page.items}
              rowKey={(row) => row._id}
              empty={t.empty}
              error={view.error}
              page={view.page}
              pager={{
                label: `${t.many} pages`,
                hrefFor: (p) => {
                  const next = new URLSearchParams(params);
                  next.set(pageParamOf(key, alone), String(p));
                  return `${location.pathname}?${next}#${key}`;
                },
              }}
              actionsHeader="Actions"
              actions={(row) => (
                <ResourceRowActions
                  spec={spec}
                  row={row}
                  first={position(view.page.items.indexOf(row)) === 0}
                  last={position(view.page.items.indexOf(row)) === total - 1}
                  busy={(intent) => busyRow(intent, row._id)}
                  editHref={editHref}
                  onRefused={(message) => {
                    sayRefusal(message);
                    void toast(message, "error");
                  }}
                />
              )}
            />
          </div>
        )}
      </div>
    </section>
  );
}
