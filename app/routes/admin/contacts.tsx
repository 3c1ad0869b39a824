// /admin/contacts (spec admin-back-office §2 "Contacts admin", §4, §8 "Contacts"; issue 19; decisions 004,
// 033) on the kit (issue 30; contract/messaging/contacts.ts CONTACT_LIST): the requests newest first, filtered by
// status and subject and found by e-mail, each deleted after a question. What its rules make different:
// Respond opens a response box under the request (app/features/contacts/contact-respond.tsx) that sends
// the response by e-mail, or previews the e-mail as it will be sent (data shown in the box, not a
// redirect); a success comes back to the same list with its message, a failure stays beside its form.
import { Link } from "react-router";
import type { Route } from "./+types/contacts";
import { CONTACT_LIST, CONTACT_MESSAGES, type ContactRequest } from "../../../contract/messaging/contacts.ts";
import { listAction, loadList, type ListAdapter, type RowPostAnswer } from "../../lib/adapted-list.server.ts";
import { readAction, runAction, stay } from "../../lib/action.server.ts";
import type { PageError } from "../../lib/page-errors.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdaptedList, listTime } from "../../components/admin/adapted-list.tsx";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import {
  RequestMessage,
  type RespondAnswer,
  type RespondFailure,
  type RespondPreview,
} from "../../features/contacts/contact-respond.tsx";
import { useToast } from "../../components/ui/toast.tsx";

/** The list by the contacts service (server/features/contacts). */
const CONTACTS: ListAdapter<ContactRequest, "status" | "subject" | "search"> = {
  list: (ctx, actor, query) => ctx.services.contacts.listPage(actor, query),
  empty: (page) => ({ items: [], page, pageSize: 25, total: 0 }),
  failed: CONTACT_MESSAGES.fetchFailed,
  unknown: CONTACT_MESSAGES.unknownError,
  logAs: "admin contacts",
  remove: (ctx, actor, id) => ctx.services.contacts.remove(actor, id),
};

export const loader = (args: Route.LoaderArgs) => loadList(args, CONTACT_LIST, CONTACTS);

/** A row's Delete (the kit's), else the response box's Send or Preview. */
export async function action(
  args: Route.ActionArgs,
): Promise<RespondAnswer | RowDeleteResult | RowPostAnswer | Response> {
  const call = await readAction(args, "admin");
  const listed = listAction(call, CONTACT_LIST, CONTACTS);
  if (listed) return listed;
  const { ctx, actor } = call;
  const contactId = call.text("contactId").trim();
  const response = call.text("response");
  // the service's reason (a 422 about the response beside its field)
  const refused = (prefix: string) => (refusal: PageError) => {
    const reason = refusal.message || CONTACT_MESSAGES.unknownError;
    const beside = refusal.status === 422 && /Response/.test(reason);
    return { formError: `${prefix}${reason}`, fieldErrors: beside ? { response: reason } : {} };
  };
  const respond = { intent: "contacts.respond", values: { contactId, response } };
  if (call.text("preview") === "yes") {
    // the e-mail as it will be sent, shown beside the box: data, not a redirect
    return runAction(call, {
      ...respond,
      run: () => ctx.services.contacts.previewResponse(actor, { contactId, response }),
      refused: refused(""),
      done: (preview) => stay("", { contactId, response, preview }, "contacts.preview"),
    });
  }
  return runAction(call, {
    ...respond,
    run: () => ctx.services.contacts.respond(actor, { contactId, response, email: call.text("email") || undefined }),
    refused: refused(CONTACT_MESSAGES.respondFailed),
    done: () => CONTACT_MESSAGES.responded,
  });
}

export default function AdminContacts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as RespondAnswer | undefined;
  const failure = answer && !answer.ok && answer.intent === "contacts.respond" ? (answer as RespondFailure) : undefined;
  useToast(failure, failure?.formError, "error");
  const previewed = answer?.ok && answer.intent === "contacts.preview" ? (answer as RespondPreview) : undefined;
  return (
    <>
      <AdminPageHeader
        title="Contact requests"
        lead="Messages sent through the contact page, newest first. Respond by e-mail from here; times are Lagos time."
      />
      <AdaptedList
        spec={CONTACT_LIST}
        {...loaderData}
        answer={actionData}
        cells={{
          email: (r) => (
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{r.name || CONTACT_MESSAGES.noName}</p>
              <p className="text-sm break-all text-slate-700">{r.email}</p>
            </div>
          ),
          message: (r) => <RequestMessage row={r} failure={failure} previewed={previewed} />,
          received: (r) => listTime(r.createdAt),
        }}
      />
      <p className="mt-6 text-sm text-slate-600">
        Replies go out through the mail queue; see them in the{" "}
        <Link to="/admin/outbox" className="font-medium text-brand-800 underline">
          Outbox
        </Link>
        .
      </p>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Contact requests", matches[0]?.loaderData?.siteName);
}
