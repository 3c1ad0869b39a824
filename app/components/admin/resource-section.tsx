// The admin screen of a declared resource (contract/admin-resource.ts; decision 029): its form (Add, or
// Update with Cancel when an item is being edited: spec admin §4 "clicking Edit loads the item into the
// form and changes the submit button from Add to Update"), its list (the title and the first 50
// characters of the preview field, spec admin §2, §9) with Edit, Move up / Move down for an ordered
// list, and Delete after a confirmation (an add-only list, the categories, has no Edit; its figures
// follow the title, and its delete may have a word of its own, and be refused before anything is sent:
// a category in use). A resource with a picture field shows each item's picture as a small thumbnail
// first. Every form posts to the
// page's action (app/lib/admin-resource.server.ts): plain POST forms, so the screen works without
// JavaScript; successes come back as the root's flash message, failures as this section's ActionResult.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import {
  pageParamOf,
  previewOf,
  uploadFieldOf,
  type ResourceField,
  type ResourceSpec,
} from "../../../contract/admin-resource.ts";
import type { AdminItem, ResourceActionResult, ResourceView } from "../../lib/admin-resource.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage, useLocalRefusal } from "../ui/confirm-dialog.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { CheckboxField, Field, Notice, PageForm, SubmitButton, TextareaField, useContractCheck } from "../ui/form.tsx";
import { toast, useToast } from "../ui/toast.tsx";
import { DataTable, useListLoading, type Column } from "./data-table.tsx";
import { ListThumbnail } from "./list-thumbnail.tsx";
import { AddressesWithUpload, AddressWithUpload } from "./upload-field.tsx";
import { confirmationOf } from "../../lib/action-result.ts";

type Item = AdminItem;

/** A value of an item as text (the declared fields are text; a figure a service adds may be a number). */
const textOf = (value: unknown): string => (value === undefined || value === null ? "" : String(value));

/** One field of the form, by its kind; an image or video field can also take an upload. */
function ResourceInput({
  field,
  id,
  value,
  error,
  onUploading,
}: {
  field: ResourceField;
  id: string;
  value: string;
  error?: string;
  onUploading: (busy: boolean) => void;
}) {
  const common = {
    id,
    name: field.name,
    label: field.label,
    hint: field.hint,
    error,
    maxLength: field.max,
    defaultValue: value,
    requiredMark: field.required,
    autoComplete: "off",
  };
  if (field.kind === "textarea") return <TextareaField {...common} rows={4} />;
  if (field.kind === "checkbox")
    return (
      <CheckboxField
        id={id}
        name={field.name}
        label={field.label}
        hint={field.hint}
        error={error}
        value="yes"
        defaultChecked={value === "yes"}
      />
    );
  if (field.kind === "datetime") return <Field {...common} type="datetime-local" step={60} />;
  if (field.kind === "images")
    return <AddressesWithUpload {...common} uploadName={uploadFieldOf(field.name)} onUploading={onUploading} />;
  if (field.kind === "image" || field.kind === "video")
    return (
      <AddressWithUpload
        {...common}
        kind={field.kind}
        uploadName={uploadFieldOf(field.name)}
        onUploading={onUploading}
      />
    );
  return <Field {...common} type="text" inputMode={field.kind === "link" ? "url" : undefined} />;
}

/** A number for each save's answer, the same for one answer however often it renders. */
const serials = new WeakMap<object, number>();
let lastSerial = 0;
function serialOf(answer: object): number {
  let serial = serials.get(answer);
  if (serial === undefined) serials.set(answer, (serial = ++lastSerial));
  return serial;
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
  const fieldIds = Object.fromEntries(spec.fields.map((f) => [f.name, `${key}-field-${f.name}`]));

  const check = useContractCheck({
    load: () => import("../../../contract/admin-resource-schema.ts").then((m) => m.resourceInputSchema(spec)),
    fields: spec.fields.map((f) => f.name),
    answer: actionData,
  });
  // the browser's check says the spec's one message for missing fields, like the server
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

  const picture = spec.fields.find((f) => f.kind === "image");
  const columns: ReadonlyArray<Column<Item>> = [
    ...(picture
      ? [
          {
            key: "picture",
            header: picture.label,
            cell: (row: Item) => (
              <ListThumbnail src={textOf(row[picture.name])} alt={textOf(row[spec.list.title]) || t.one} />
            ),
          },
        ]
      : []),
    {
      key: "title",
      header: spec.fields.find((f) => f.name === spec.list.title)?.label ?? "Title",
      rowHeader: true,
      cell: (row) => (
        <span className="font-semibold break-words text-slate-900">{textOf(row[spec.list.title]) || "(untitled)"}</span>
      ),
    },
    ...(spec.list.preview
      ? [
          {
            key: "preview",
            header: spec.fields.find((f) => f.name === spec.list.preview)?.label ?? "",
            cell: (row: Item) => (
              <span className="break-words text-slate-700">{previewOf(textOf(row[spec.list.preview!]))}</span>
            ),
          },
        ]
      : []),
    ...(spec.list.columns ?? []),
  ];

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
            <input type="hidden" name="resource" value={key} />
            <input type="hidden" name="intent" value="save" />
            {editingId && !spec.single ? <input type="hidden" name="id" value={editingId} /> : null}
            {spec.fields.some((f) => f.required) ? (
              <p className="text-sm text-slate-600">
                Fields marked <span className="text-red-700">*</span> are required.
              </p>
            ) : null}
            {spec.fields.map((field) => (
              <ResourceInput
                key={field.name}
                field={field}
                id={fieldIds[field.name]!}
                value={valueOf(field.name)}
                error={fieldErrors[field.name]}
                onUploading={setUploading}
              />
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton
                pending={saving || uploading}
                label={editingId || spec.single ? t.update : t.add}
                pendingLabel={uploading ? "Uploading…" : "Saving…"}
                className="w-full sm:w-auto"
              />
              {editingId && !spec.single ? (
                <Link to={here} className={buttonClass("ghost", "md")}>
                  Cancel
                </Link>
              ) : null}
            </div>
          </PageForm>
          {spec.single ? (
            <div className="mt-4 border-t border-slate-200 pt-4">
              {listFailure?.formError ? (
                <Notice tone="error" className="mb-3 rounded-lg border px-4 py-3">
                  {listFailure.formError}
                </Notice>
              ) : null}
              {confirming ? (
                <ConfirmOnPage
                  question={confirming.message}
                  fields={{ resource: key, intent: "delete", id: "" }}
                  cancelTo={here}
                />
              ) : null}
              <ConfirmAction
                fields={{ resource: key, intent: "delete" }}
                label={`Delete ${t.title}`}
                question={t.confirmDelete(t.one)}
                confirmLabel="Delete"
                busy={
                  navigation.state !== "idle" &&
                  navigation.formData?.get("resource") === key &&
                  navigation.formData?.get("intent") === "delete"
                }
              />
            </div>
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
              columns={columns}
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
              actions={(row) => {
                const index = view.page.items.indexOf(row);
                const label = textOf(row[spec.list.title]) || t.one;
                const refused = t.deleteRefused?.(row);
                return (
                  <div className="flex flex-wrap items-center gap-2">
                    {spec.viewHref ? (
                      <Link
                        to={spec.viewHref(row._id)}
                        aria-label={`View ${label}`}
                        className={buttonClass("ghost", "sm", "border border-slate-300")}
                      >
                        View
                      </Link>
                    ) : null}
                    {spec.addOnly ? null : (
                      <Link
                        to={editHref(row._id)}
                        aria-label={`Edit ${label}`}
                        className={buttonClass("ghost", "sm", "border border-slate-300")}
                      >
                        Edit
                      </Link>
                    )}
                    {spec.ordered ? (
                      <>
                        <MoveButton
                          resource={key}
                          id={row._id}
                          direction="up"
                          label={label}
                          disabled={position(index) === 0}
                          busy={busyRow("move", row._id)}
                        />
                        <MoveButton
                          resource={key}
                          id={row._id}
                          direction="down"
                          label={label}
                          disabled={position(index) === total - 1}
                          busy={busyRow("move", row._id)}
                        />
                      </>
                    ) : null}
                    <ConfirmAction
                      fields={{ resource: key, intent: "delete", id: row._id }}
                      label={deleteLabel}
                      accessibleLabel={`${deleteLabel} ${label}`}
                      question={t.confirmDelete(label)}
                      message={row[spec.list.title] ? `“${label}” will be deleted.` : undefined}
                      confirmLabel={deleteLabel}
                      busy={busyRow("delete", row._id)}
                      refused={
                        refused && {
                          note: refused.note,
                          onRefused: () => {
                            sayRefusal(refused.message);
                            void toast(refused.message, "error");
                          },
                        }
                      }
                    />
                  </div>
                );
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/** Move one place up or down: a small POST form (keyboard and no-JavaScript friendly). */
function MoveButton({
  resource,
  id,
  direction,
  label,
  disabled,
  busy,
}: {
  resource: string;
  id: string;
  direction: "up" | "down";
  label: string;
  disabled: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="resource" value={resource} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-label={`Move ${label} ${direction}`}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        className={buttonClass(
          "ghost",
          "sm",
          "border border-slate-300 disabled:cursor-not-allowed disabled:opacity-40",
        )}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only sm:not-sr-only sm:ml-1">{direction === "up" ? "Up" : "Down"}</span>
      </button>
    </Form>
  );
}
