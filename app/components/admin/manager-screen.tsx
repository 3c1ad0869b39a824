// A manager screen of several sections (issue 30; contract/admin/admin-resource.ts ManagerSpec: the course
// manager): its heading with a link to another screen, then its page form (Add, or Update with
// `?edit=<id>`), the list of what it edits and a name list; or, when a delete wants the password again,
// the step-up in place of the sections. Each section shows its own flash message.
import { Link } from "react-router";
import type { ManagerSpec, PageFormView } from "../../../contract/admin/admin-resource.ts";
import type { Page } from "../../../contract/lib/paging.ts";
import type { ActionResult } from "../../lib/action-result.ts";
import { buttonClass } from "../ui/button.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";
import { DeclaredForm } from "./declared-form.tsx";
import { NameListSection } from "./name-list-section.tsx";
import { deleteAnswerOf, RecordList, RecordStepUp } from "./record-list.tsx";

export function ManagerScreen<N extends string, T extends { _id: string }, C extends { _id: string; name: string }>({
  spec,
  title,
  lead,
  link,
  options,
  editing,
  page,
  names,
  actionData,
}: {
  spec: ManagerSpec<N, T, C>;
  title: string;
  lead: string;
  link: { to: string; label: string };
  options?: Partial<Record<N, readonly string[]>>;
  editing: PageFormView<N> | null;
  page: Page<T>;
  names: readonly C[];
  actionData: ActionResult<string, Partial<Record<string, string>>, unknown> | undefined;
}) {
  const { stepUp } = deleteAnswerOf(spec.list.key, actionData);
  const formId = `${spec.form.key}-form`;
  return (
    <>
      <AdminPageHeader title={title} lead={lead}>
        <Link to={link.to} className={buttonClass("ghost", "md", "border border-slate-300")}>
          {link.label}
        </Link>
      </AdminPageHeader>
      {stepUp ? (
        <RecordStepUp spec={spec.list} stepUp={stepUp} />
      ) : (
        <>
          <section id={formId} aria-labelledby={`${formId}-title`} className="mt-6 max-w-3xl scroll-mt-20">
            <FlashNotice at={formId} />
            <DeclaredForm spec={spec.form} options={options} editing={editing} actionData={actionData} />
          </section>
          <RecordList spec={spec.list} page={page} actionData={actionData} />
          <NameListSection spec={spec.names} rows={names} actionData={actionData} />
        </>
      )}
    </>
  );
}
