// A page form drawn from its declaration (issue 30; contract/admin/admin-resource.ts PageFormSpec: the course
// forms): Add, or Update while an item is in it. A plain POST form (multipart with an upload field) that
// the contract's schema checks in the browser once zod has loaded (the same the action parses with); the
// action answers `{key}.save`. What was typed stays after a failure, and the form empties after its own
// success (useSuccessCount).
import { useRef, useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import {
  uploadFieldOf,
  type PageField,
  type PageFieldOption,
  type PageFormSpec,
  type PageFormView,
} from "../../../contract/admin/admin-resource.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { buttonClass } from "../ui/button.tsx";
import {
  CheckboxField,
  Field,
  LinesField,
  NumberField,
  PageForm,
  SelectField,
  SubmitButton,
  TextareaField,
  useContractCheck,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";
import { AddressWithUpload } from "./upload-field.tsx";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;

/** This page's address without `?edit` (Cancel), and with one parameter set (`hrefWith`, at an anchor). */
export function useHere() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("edit");
  const here = `${pathname}${params.size ? `?${params}` : ""}`;
  const hrefWith = (name: string, value: string, anchor: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    return `${pathname}?${next}#${anchor}`;
  };
  return { here, hrefWith };
}

/** What a page's rich-text field gets (a field of kind "html"): the textarea's props, to draw before its scripts run. */
export interface RichTextFieldProps {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  requiredMark: boolean;
  optional: boolean;
  defaultValue: string;
  rows: number;
  maxLength?: number;
}

/** One declared field: `options` a select's (its own when fixed), matched to the value whatever its case. */
function DeclaredField({
  field,
  prefix,
  value,
  error,
  options,
  onUploading,
  RichText,
}: {
  field: PageField;
  prefix: string;
  value: string;
  error?: string;
  options: readonly PageFieldOption[];
  onUploading: (uploading: boolean) => void;
  RichText?: React.ComponentType<RichTextFieldProps>;
}) {
  const common = {
    id: `${prefix}-${field.name}`,
    name: field.name,
    label: field.label,
    hint: field.hint,
    error,
    requiredMark: !field.optional,
    optional: field.optional ?? false,
  };
  switch (field.kind) {
    case "select": {
      const valueOf = (o: PageFieldOption) => (typeof o === "string" ? o : o.value);
      const chosen = options.map(valueOf).find((o) => o.toLowerCase() === value.toLowerCase()) ?? "";
      return (
        <SelectField
          {...common}
          defaultValue={chosen}
          options={[{ value: "", label: field.prompt ?? "" }, ...options]}
        />
      );
    }
    case "number":
      return <NumberField {...common} defaultValue={value} />;
    case "checkbox":
      return <CheckboxField {...common} defaultChecked={value === "on"} />;
    case "lines":
      return <LinesField {...common} value={value} />;
    case "upload":
      return (
        <AddressWithUpload
          {...common}
          kind="image"
          uploadName={uploadFieldOf(field.name)}
          maxLength={field.max ?? 2000}
          defaultValue={value}
          autoComplete="off"
          onUploading={onUploading}
        />
      );
    case "html":
      if (RichText) return <RichText {...common} rows={field.rows ?? 4} maxLength={field.max} defaultValue={value} />;
      return <TextareaField {...common} rows={field.rows ?? 4} maxLength={field.max} defaultValue={value} />;
    case "textarea":
      return <TextareaField {...common} rows={field.rows ?? 4} maxLength={field.max} defaultValue={value} />;
    case "datetime":
      return <Field {...common} type="datetime-local" defaultValue={value} />;
    case "url":
      return (
        <Field {...common} type="text" inputMode="url" maxLength={field.max} defaultValue={value} autoComplete="off" />
      );
    default:
      return <Field {...common} type="text" maxLength={field.max} defaultValue={value} autoComplete="off" />;
  }
}

/** A page that is one page form: its heading names the form, what it says under it, then the form. */
export function FormScreen<N extends string>({
  title,
  lead,
  ...form
}: { title: string; lead: string } & Omit<Parameters<typeof DeclaredForm<N>>[0], "labelledBy">) {
  const id = `${form.spec.key}-page-title`;
  return (
    <>
      <AdminPageHeader title={<span id={id}>{title}</span>} lead={lead} />
      <div className="mt-6 max-w-2xl">
        <DeclaredForm {...form} labelledBy={id} />
      </div>
    </>
  );
}

export function DeclaredForm<N extends string>({
  spec,
  options = {},
  editing,
  actionData,
  cancelTo,
  labelledBy,
  defaults,
  RichText,
}: {
  spec: PageFormSpec<N>;
  /** a select's options by its name, when the declaration has none (the category list) */
  options?: Partial<Record<N, readonly PageFieldOption[]>>;
  editing: PageFormView<N> | null;
  /** an added item's first values (the chapter a lesson is added to) */
  defaults?: Partial<Record<N, string>>;
  /** the page's rich editor for its `html` fields (else they are textareas of HTML) */
  RichText?: React.ComponentType<RichTextFieldProps>;
  actionData: Answer | undefined;
  /** where Cancel leads while editing (default: this page without `?edit`) */
  cancelTo?: string;
  /** the page's own heading names the form: no heading of its own */
  labelledBy?: string;
}) {
  const { key, fields, texts: t } = spec;
  const intent = `${key}.save`;
  const errorId = `${key}-form-error`;
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(false);
  const navigation = useNavigation();
  const { here } = useHere();
  const failure = actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined;
  const names = fields.map((f) => f.name);
  const check = useContractCheck({ load: spec.check, fields: names, answer: actionData });
  const fieldErrors: Partial<Record<string, string>> = check.errors ?? failure?.fieldErrors ?? {};
  const formError = check.errors ? t.saveFailed + t.checkFields : failure?.formError;
  useFocusOnProblems(formRef, check.errors ?? failure, errorId);
  useToast(failure, failure?.formError, "error");
  const saved = useSuccessCount(intent, failure);

  // what was typed before a failure, else the item being edited, else blank
  const valueOf = (field: N) =>
    (failure
      ? failure.values[field]
      : editing
        ? editing.values[field]
        : (defaults?.[field] ?? spec.defaults?.[field])) ?? "";
  const editingId = (failure ? failure.values.id : editing?.id) ?? "";
  // fields shown only for some values of another (`when`): hidden once JavaScript runs, all shown before
  const hydrated = useHydrated();
  // (new defaults, a lesson's chapter, start the form again too)
  const formKey = `${saved}:${editingId}:${failure ? "failed" : "fresh"}:${Object.values(defaults ?? {}).join()}`;
  const [watch, setWatch] = useState<{ at: string; values: Partial<Record<string, string>> }>({ at: "", values: {} });
  const watched = watch.at === formKey ? watch.values : {};
  const watchedNames = new Set(fields.flatMap((f) => (f.when ? [f.when.field as string] : [])));
  const shown = (field: PageField<N>) =>
    !hydrated || !field.when || field.when.is.includes(watched[field.when.field] ?? valueOf(field.when.field));
  const saving = uploading || (navigation.state !== "idle" && navigation.formData?.get("intent") === intent);

  return (
    <>
      {labelledBy ? null : (
        <h2 id={`${key}-form-title`} className="scroll-mt-20 text-lg font-bold text-slate-900">
          {editingId ? t.editTitle(editing?.title ?? valueOf(spec.fields[0]!.name)) : t.addTitle}
        </h2>
      )}
      <PageForm
        key={formKey}
        formRef={formRef}
        errorId={errorId}
        error={formError}
        encType={spec.multipart ? "multipart/form-data" : undefined}
        className="mt-3 space-y-4"
        aria-labelledby={labelledBy ?? `${key}-form-title`}
        noValidate
        {...check.formProps}
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLSelectElement && watchedNames.has(target.name))
            setWatch({ at: formKey, values: { ...watched, [target.name]: target.value } });
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {editingId && spec.postsId ? <input type="hidden" name="id" value={editingId} /> : null}
        <p className="text-sm text-slate-600">
          Fields marked <span className="text-red-700">*</span> are required.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined} hidden={!shown(field)}>
              <DeclaredField
                field={field}
                prefix={key}
                value={valueOf(field.name)}
                error={fieldErrors[field.name]}
                options={field.options ?? options[field.name] ?? []}
                onUploading={setUploading}
                RichText={RichText}
              />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            pending={saving}
            label={editingId ? t.update : t.add}
            pendingLabel={uploading ? "Uploading…" : "Saving…"}
            className="w-full sm:w-auto"
          />
          {editingId ? (
            <Link to={cancelTo ?? here} className={buttonClass("ghost", "md")}>
              Cancel
            </Link>
          ) : null}
        </div>
      </PageForm>
    </>
  );
}
