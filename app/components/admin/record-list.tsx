// A paged list of items edited in the page form above it (issue 30; contract/admin/admin-resource.ts
// RecordListSpec: the course manager): Details, Edit (the form, `?edit=<id>`) and Delete after its
// question; without JavaScript Delete asks on the page. A delete the server wants the password for shows
// the step-up in place of the page (RecordStepUp).
import { Link, useNavigation } from "react-router";
import type { RecordListSpec } from "../../../contract/admin/admin-resource.ts";
import { confirmationOf, type ActionResult } from "../../lib/action-result.ts";
import type { Page } from "../../../contract/lib/paging.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { Notice } from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { DataTable, type Column } from "./data-table.tsx";
import { useHere } from "./declared-form.tsx";
import { StepUpPrompt, stepUpOf } from "./step-up-prompt.tsx";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;
const ghost = buttonClass("ghost", "sm", "border border-slate-300");

/** The failure of `{key}.delete` in `actionData`, and the step-up it asks for. */
export function deleteAnswerOf(key: string, actionData: Answer | undefined) {
  const failure = actionData && !actionData.ok && actionData.intent === `${key}.delete` ? actionData : undefined;
  return { failure, stepUp: stepUpOf(failure) };
}

/** The password again before a delete (the page shows it instead of its forms and lists). */
export function RecordStepUp<T extends { _id: string }>({
  spec,
  stepUp,
}: {
  spec: RecordListSpec<T>;
  stepUp: NonNullable<ReturnType<typeof deleteAnswerOf>["stepUp"]>;
}) {
  const { here } = useHere();
  return (
    <StepUpPrompt
      intent="confirm"
      prompt={stepUp.formError ?? ""}
      error={stepUp.fieldErrors.password}
      answer={stepUp}
      summary={spec.texts.deleteSummary(stepUp.values.name ?? "")}
      fields={{ id: stepUp.values.id ?? "" }}
      confirmLabel="Confirm and delete"
      cancelTo={here}
    />
  );
}

export function RecordList<T extends { _id: string }>({
  spec,
  page,
  actionData,
}: {
  spec: RecordListSpec<T>;
  page: Page<T>;
  actionData: Answer | undefined;
}) {
  const { key, texts: t } = spec;
  const navigation = useNavigation();
  const { here, hrefWith } = useHere();
  const { failure } = deleteAnswerOf(key, actionData);
  const confirming = confirmationOf<{ id: string }>(actionData, `${key}.delete`);
  useToast(failure, failure?.formError, "error");
  const deleting = (id: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === `${key}.delete` &&
    navigation.formData?.get("id") === id;
  const columns: ReadonlyArray<Column<T>> = spec.columns.map(({ text, ...c }, i) => ({
    ...c,
    rowHeader: i === 0,
    cell: i === 0 ? (row: T) => <span className="font-semibold break-words text-slate-900">{text(row)}</span> : text,
  }));
  return (
    <section id={`${key}-list`} aria-labelledby={`${key}-list-title`} className="mt-12 scroll-mt-20">
      <FlashNotice at={`${key}-list`} />
      <h2 id={`${key}-list-title`} className="text-xl font-extrabold tracking-tight text-brand-950">
        {spec.title}
      </h2>
      <p className="text-sm text-slate-600">{spec.count(page.total)}</p>
      {failure ? (
        <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
          {failure.formError}
        </Notice>
      ) : null}
      {confirming ? (
        <ConfirmOnPage
          question={confirming.message}
          fields={{ intent: `${key}.delete`, id: confirming.values.id }}
          cancelTo={here}
        />
      ) : null}
      <DataTable
        labelledBy={`${key}-list-title`}
        columns={columns}
        rows={page.items}
        rowKey={(row) => row._id}
        empty={spec.empty}
        page={page}
        pager={{ label: spec.pagerLabel, hrefFor: (p) => hrefWith("page", String(p), `${key}-list`) }}
        actionsHeader="Actions"
        actions={(row) => (
          <div className="flex flex-wrap items-center gap-2 md:justify-end">
            <Link to={spec.detail.href(row)} aria-label={spec.detail.name(spec.name(row))} className={ghost}>
              {spec.detail.label}
            </Link>
            {spec.links?.map((link) => (
              <Link key={link.label} to={link.href(row)} aria-label={link.name(spec.name(row))} className={ghost}>
                {link.label}
              </Link>
            ))}
            <Link
              to={hrefWith("edit", row._id, `${key}-form-title`)}
              aria-label={`Edit ${spec.name(row)}`}
              className={ghost}
            >
              Edit
            </Link>
            <ConfirmAction
              fields={{ intent: `${key}.delete`, id: row._id }}
              label="Delete"
              accessibleLabel={`Delete ${spec.name(row)}`}
              question={t.confirmDelete(spec.name(row))}
              busy={deleting(row._id)}
            />
          </div>
        )}
      />
    </section>
  );
}
