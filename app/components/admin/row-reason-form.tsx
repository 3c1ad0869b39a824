// A declared table's row action that needs a reason (contract/admin/admin-resource.ts RowReasonSpec; a
// certificate revoked or issued again): a small plain form, the reason required, its label naming the row;
// keyboard and no-JavaScript friendly. The action answers it through rowReasonAction.
import { Form, useNavigation } from "react-router";
import type { RowReasonSpec } from "../../../contract/admin/admin-resource.ts";
import { buttonClass } from "../ui/button.tsx";

export function RowReasonForm<T>({ spec, row, id }: { spec: RowReasonSpec<T>; row: T; id: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === spec.intent &&
    navigation.formData?.get("id") === id;
  const field = `${spec.intent}-${id}`.replace(/[^\w-]/g, "-");
  const name = spec.name(row);
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value={spec.intent} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={field} className="sr-only">
        Reason: {spec.label} {name}
      </label>
      <input
        id={field}
        name="reason"
        required
        maxLength={spec.reasonMax}
        placeholder="Reason"
        className="w-36 rounded-md border border-slate-400 px-2 py-1 text-sm"
      />
      <button
        type="submit"
        aria-label={`${spec.label}: ${name}`}
        aria-disabled={busy || undefined}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        className={buttonClass("ghost", "sm", "border border-slate-300")}
      >
        {busy ? "Working…" : spec.label}
      </button>
    </Form>
  );
}
