// The parts of a declared resource's section (app/components/admin/resource-section.tsx; decision 029):
// its form's fields by kind, its list's columns, a row's actions (View, Edit, Move, Delete), and a single
// record's Delete. Plain POST forms to the page's action (app/lib/admin-resource.server.ts).
import { Link, useNavigation } from "react-router";
import {
  previewOf,
  uploadFieldOf,
  type ResourceField,
  type ResourceSpec,
} from "../../../contract/admin/admin-resource.ts";
import type { AdminItem } from "../../lib/admin-resource.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import { CheckboxField, Field, Notice, SubmitButton, TextareaField } from "../ui/form.tsx";
import type { Column } from "./data-table.tsx";
import { ListThumbnail } from "./list-thumbnail.tsx";
import { MoveButton } from "./move-button.tsx";
import { AddressesWithUpload, AddressWithUpload } from "./upload-field.tsx";

type Item = AdminItem;

/** A value of an item as text (the declared fields are text; a figure a service adds may be a number). */
export const textOf = (value: unknown): string => (value === undefined || value === null ? "" : String(value));

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

/** The form's fields and buttons (Add, or Update with Cancel), posted as `save` for `spec.key`. */
export function ResourceFields({
  spec,
  editingId,
  valueOf,
  fieldErrors,
  onUploading,
  pending,
  uploading,
  cancelTo,
}: {
  spec: ResourceSpec;
  editingId: string;
  valueOf: (name: string) => string;
  fieldErrors: Record<string, string | undefined>;
  onUploading: (busy: boolean) => void;
  pending: boolean;
  uploading: boolean;
  cancelTo: string;
}) {
  const t = spec.texts;
  const key = spec.key;
  return (
    <>
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
          id={`${key}-field-${field.name}`}
          value={valueOf(field.name)}
          error={fieldErrors[field.name]}
          onUploading={onUploading}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          pending={pending}
          label={editingId || spec.single ? t.update : t.add}
          pendingLabel={uploading ? "Uploading…" : "Saving…"}
          className="w-full sm:w-auto"
        />
        {editingId && !spec.single ? (
          <Link to={cancelTo} className={buttonClass("ghost", "md")}>
            Cancel
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** The list's columns: a picture's thumbnail, the title, the preview, and the service's own figures. */
export function resourceColumns(spec: ResourceSpec): ReadonlyArray<Column<Item>> {
  const t = spec.texts;
  const picture = spec.fields.find((f) => f.kind === "image");
  return [
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
}

/** A row's actions: View, Edit, Move up / down (an ordered list), Delete after its question (or its refusal). */
export function ResourceRowActions({
  spec,
  row,
  first,
  last,
  busy,
  editHref,
  onRefused,
}: {
  spec: ResourceSpec;
  row: Item;
  first: boolean;
  last: boolean;
  busy: (intent: string) => boolean;
  editHref: (id: string) => string;
  /** a delete the declaration refuses, said without asking the server */
  onRefused: (message: string) => void;
}) {
  const t = spec.texts;
  const key = spec.key;
  const deleteLabel = t.deleteLabel ?? "Delete";
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
            fields={{ resource: key, intent: "move", id: row._id }}
            direction="up"
            label={label}
            disabled={first}
            busy={busy("move")}
          />
          <MoveButton
            fields={{ resource: key, intent: "move", id: row._id }}
            direction="down"
            label={label}
            disabled={last}
            busy={busy("move")}
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
        busy={busy("delete")}
        refused={refused && { note: refused.note, onRefused: () => onRefused(refused.message) }}
      />
    </div>
  );
}

/** A single record's Delete (the hero's): its refusal above it, its question on the page without JavaScript. */
export function SingleDelete({
  spec,
  failure,
  asking,
  cancelTo,
}: {
  spec: ResourceSpec;
  failure: string | undefined;
  /** the question the action answered (no JavaScript) */
  asking: string | undefined;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const t = spec.texts;
  const key = spec.key;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      {failure ? (
        <Notice tone="error" className="mb-3 rounded-lg border px-4 py-3">
          {failure}
        </Notice>
      ) : null}
      {asking ? (
        <ConfirmOnPage question={asking} fields={{ resource: key, intent: "delete", id: "" }} cancelTo={cancelTo} />
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
  );
}
