// The add form of a screen on a service of its own (issue 30; contract/admin/admin-resource.ts AdaptedSpec): its
// declared fields in order, posted as `{key}.create` to the page's action (a plain POST form: it works
// without JavaScript). What was typed stays after a failure, and also while the list beside it changes;
// the form empties after its own success (useSuccessCount).
import { useRef } from "react";
import { useNavigation } from "react-router";
import type { AdaptedSpec, FormField } from "../../../contract/admin/admin-resource.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import {
  Field,
  NumberField,
  PageForm,
  SelectField,
  SubmitButton,
  useFocusOnProblems,
  useSuccessCount,
} from "../ui/form.tsx";

export type Option = { value: string; label: string };

/** The upper-case text of a code, as it is typed. */
export const upperProps = {
  autoCapitalize: "characters",
  autoComplete: "off",
  spellCheck: false,
  style: { textTransform: "uppercase" },
} as const;

/** One declared field of the add form. */
function AddField({
  field,
  options,
  value,
  error,
}: {
  field: FormField;
  options: readonly Option[];
  value: string;
  error?: string;
}) {
  const common = {
    id: field.id,
    name: field.name,
    label: field.label,
    hint: field.hint,
    requiredMark: field.requiredMark,
    optional: field.optional,
    defaultValue: value,
    error,
  };
  if (field.kind === "number") return <NumberField {...common} decimals={false} />;
  if (field.kind === "select")
    return <SelectField {...common} options={[{ value: "", label: field.none ?? "" }, ...options]} />;
  if (field.kind === "datetime") return <Field {...common} type="datetime-local" />;
  return <Field {...common} maxLength={field.maxLength} {...(field.upper ? upperProps : {})} />;
}

export function AdaptedAddForm<N extends string, T extends { _id: string }>({
  spec,
  options = {},
  failure,
}: {
  spec: AdaptedSpec<N, T>;
  /** a select field's options, by its name */
  options?: Partial<Record<N, readonly Option[]>>;
  /** the last `{key}.create` failure */
  failure: ActionFailure<N, Partial<Record<N | "id", string>>> | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const intent = `${spec.key}.create`;
  const errorId = `${spec.key}-add-error`;
  useFocusOnProblems(formRef, failure, errorId);
  const added = useSuccessCount(intent, failure);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <section aria-labelledby={`${spec.key}-add-title`} className="mt-6 max-w-3xl">
      <h2 id={`${spec.key}-add-title`} className="text-xl font-extrabold tracking-tight text-brand-950">
        {spec.texts.addTitle}
      </h2>
      <PageForm
        key={`${added}-${failure ? "failed" : "new"}`}
        formRef={formRef}
        errorId={errorId}
        error={failure?.formError}
        noValidate
        className="mt-3 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value={intent} />
        {spec.fields.map((field) => (
          <AddField
            key={field.name}
            field={field}
            options={options[field.name] ?? []}
            value={failure?.values[field.name] ?? ""}
            error={failure?.fieldErrors[field.name]}
          />
        ))}
        <div className="self-end">
          <SubmitButton
            pending={pending}
            label={spec.texts.add}
            pendingLabel={spec.texts.adding}
            className="w-full sm:w-auto"
          />
        </div>
      </PageForm>
    </section>
  );
}
