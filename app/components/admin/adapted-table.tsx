// The list of a screen on a service of its own (issue 30; contract/admin/admin-resource.ts AdaptedSpec): a
// DataTable with custom cells, its row edited in place (`?edit=<id>`: the columns with a field become
// inputs that belong to the row's Save form by their `form` attribute), and row actions (the toggle, Edit,
// a detail link, Delete after the spec's question). Plain POST forms to the page's action
// (app/lib/adapted-resource.server.ts): without JavaScript Edit is a link and Delete asks on the page.
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { AdaptedSpec, FormField } from "../../../contract/admin/admin-resource.ts";
import { confirmationOf, type ActionResult } from "../../lib/action-result.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import { Notice } from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { upperProps, type Option } from "./adapted-form.tsx";
import { DataTable, type Column } from "./data-table.tsx";

type Row = { _id: string };
type Answer<N extends string> = ActionResult<N, Partial<Record<N | "id", string>>, Record<string, string>>;

const ghost = buttonClass("ghost", "sm", "border border-slate-300");
const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border px-2 py-1.5 text-sm text-slate-900 shadow-sm ${
    invalid ? "border-red-700" : "border-slate-400"
  }`;

/** One field of the edited row, in its cell: a hidden label, its error below, tied to the row's Save form. */
function InlineInput({
  field,
  prefix,
  form,
  rowName,
  value,
  error,
  options,
}: {
  field: FormField;
  /** `{key}-{row id}` */
  prefix: string;
  /** the row's Save form */
  form: string;
  rowName: string;
  value: string;
  error: string | undefined;
  options: readonly Option[];
}) {
  const id = `${prefix}-${field.name}`;
  const p = {
    id,
    name: field.name,
    form,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: `${inputClass(!!error)} ${field.inline.width}`,
    defaultValue: value,
  };
  const all = [{ value: "", label: field.none ?? "" }, ...options];
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {field.label} of {rowName}
      </label>
      {field.kind === "select" ? (
        <select {...p}>
          {value && !options.some((o) => o.value === value) ? <option value={value}>{field.missing}</option> : null}
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.kind === "datetime" ? (
        <input {...p} type="datetime-local" />
      ) : field.kind === "number" ? (
        <input {...p} type="text" inputMode="numeric" autoComplete="off" placeholder={field.inline.placeholder} />
      ) : (
        <input
          {...p}
          type="text"
          {...(field.upper ? upperProps : { autoComplete: "off" })}
          maxLength={field.maxLength}
          required={field.inline.required}
          placeholder={field.inline.placeholder}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AdaptedTable<T extends Row, N extends string>({
  spec,
  labelledBy,
  cells = {},
  rows,
  options = {},
  editing,
  actionData,
  error,
}: {
  spec: AdaptedSpec<N, T>;
  labelledBy: string;
  /** the screen's own cells, by column key (a status as badges), instead of the declared text */
  cells?: Readonly<Record<string, (row: T) => React.ReactNode>>;
  rows: T[];
  /** a select field's options, by its name */
  options?: Partial<Record<N, readonly Option[]>>;
  /** the row being edited (`?edit=<id>`) */
  editing: string | null;
  actionData: Answer<N> | undefined;
  error: string | null;
}) {
  const { key, texts: t } = spec;
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const kept = new URLSearchParams(search);
  kept.delete("edit");
  /** this page's address without `?edit` (Cancel, and the confirmations' Cancel) */
  const here = `${pathname}${kept.size ? `?${kept}` : ""}`;
  const nameOf = (row: T) => String((row as Record<string, unknown>)[spec.nameField] ?? "");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const saveFailure = failure?.intent === `${key}.save` ? failure : undefined;
  // a failed Save keeps its row open with what was typed, also without ?edit
  const editId = saveFailure?.values.id ?? editing;
  const rowFailure = (row: T) => (saveFailure?.values.id === row._id ? saveFailure : undefined);
  const confirming = confirmationOf<Record<string, string>>(actionData, `${key}.delete`);
  const listFailure = failure && failure.intent !== `${key}.create` ? failure : undefined;
  useToast(listFailure, listFailure?.formError, "error");
  const busy = (op: string, id: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === `${key}.${op}` &&
    navigation.formData?.get("id") === id;
  // the row's first field: on a phone the edited row is a tall card, and its Save form is at the bottom
  const first = spec.columns.find((c) => c.field)?.field;
  const editHref = (id: string) => {
    const params = new URLSearchParams(kept);
    params.set("edit", id);
    return `${pathname}?${params}#${key}-${id}-${first}`;
  };
  const fieldOf = (name: N) => spec.fields.find((f) => f.name === name)!;
  const valueOf = (row: T, field: N) => (row as Record<string, unknown>)[field];
  const shown: ReadonlyArray<Column<T>> = spec.columns.map(({ field, edit, text, ...column }) => ({
    ...column,
    cell: (row: T) =>
      field && row._id === editId ? (
        <InlineInput
          field={fieldOf(field)}
          prefix={`${key}-${row._id}`}
          form={`${key}-edit-${row._id}`}
          rowName={nameOf(row)}
          value={rowFailure(row)?.values[field] ?? edit?.(row) ?? String(valueOf(row, field) ?? "")}
          error={rowFailure(row)?.fieldErrors[field]}
          options={options[field] ?? []}
        />
      ) : (
        (cells[column.key] ?? text)?.(row)
      ),
  }));
  const { toggle, detail } = spec;

  return (
    <>
      {saveFailure ? (
        <Notice tone="error" id={`${key}-save-error`} className="mt-3 rounded-lg border px-4 py-3">
          {saveFailure.formError}
        </Notice>
      ) : null}
      {failure && (failure.intent === `${key}.toggle` || failure.intent === `${key}.delete`) ? (
        <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
          {failure.formError}
        </Notice>
      ) : null}
      {confirming ? (
        <ConfirmOnPage
          question={confirming.message}
          fields={{ intent: `${key}.delete`, ...confirming.values }}
          cancelTo={here}
        />
      ) : null}
      {/* (the edited row's fields may be wider than the page: the table scrolls, not the page; relative,
          so that the table's screen-reader-only texts stay inside the scroller too) */}
      <div className="relative overflow-x-auto">
        <DataTable
          labelledBy={labelledBy}
          columns={shown}
          rows={rows}
          rowKey={(row) => row._id}
          error={error}
          empty={t.empty}
          actionsHeader="Actions"
          actions={(row) =>
            row._id === editId ? (
              <Form
                method="post"
                id={`${key}-edit-${row._id}`}
                aria-label={t.editForm(nameOf(row))}
                aria-describedby={rowFailure(row) ? `${key}-save-error` : undefined}
                className="flex flex-wrap items-center gap-2 md:justify-end"
              >
                <input type="hidden" name="intent" value={`${key}.save`} />
                <input type="hidden" name="id" value={row._id} />
                <button
                  type="submit"
                  className={buttonClass("primary", "sm")}
                  aria-disabled={busy("save", row._id) || undefined}
                >
                  {busy("save", row._id) ? "Saving…" : "Save"}
                </button>
                <Link to={here} className={ghost}>
                  Cancel
                </Link>
              </Form>
            ) : (
              <div className="flex flex-wrap items-center gap-2 md:ml-auto md:w-52 md:justify-end">
                {toggle ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={`${key}.toggle`} />
                    <input type="hidden" name="id" value={row._id} />
                    <input type="hidden" name={toggle.field} value={toggle.isOn(row) ? "false" : "true"} />
                    <button
                      type="submit"
                      aria-label={`${toggle.isOn(row) ? toggle.turnOff : toggle.turnOn} ${nameOf(row)}`}
                      aria-disabled={busy("toggle", row._id) || undefined}
                      className={ghost}
                    >
                      {toggle.isOn(row) ? toggle.turnOff : toggle.turnOn}
                    </button>
                  </Form>
                ) : null}
                <Link to={editHref(row._id)} aria-label={`Edit ${nameOf(row)}`} className={ghost}>
                  Edit
                </Link>
                {detail ? (
                  <Link to={detail.href(row)} aria-label={detail.name(nameOf(row))} className={ghost}>
                    {detail.label}
                  </Link>
                ) : null}
                <ConfirmAction
                  fields={{ intent: `${key}.delete`, id: row._id, [spec.nameField]: nameOf(row) }}
                  label="Delete"
                  accessibleLabel={`Delete ${nameOf(row)}`}
                  question={t.confirmDelete}
                  busy={busy("delete", row._id)}
                />
              </div>
            )
          }
        />
      </div>
    </>
  );
}
