// /admin/newsletter (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter subscriber", "Bulk
// newsletter", §4, §5; issue 19; decision 037): the subscribers with their subscription time and state,
// paged and found by e-mail or state with the kit's GET filter form, each deleted after a question (the
// kit's RowDelete), the CSV export; the bulk e-mail's form with a preview rendered by the server (the
// same renderer as the e-mail itself, so it works without JavaScript), its send (a step-up action) and
// the history of sends with their progress, refreshed every two seconds while one is going out. A pending
// subscriber's row has "Resend confirmation" (issue 29): the confirmation e-mail again, at most one an
// hour per address (the service decides, and records it in the audit log). The page's parts are in
// app/components/admin/newsletter-*.tsx; this module reads, acts and puts them together.
import { useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import {
  BULK_FIELDS,
  BULK_LIMITS,
  BulkEmailInputSchema,
  NEWSLETTER_MESSAGES,
  type SubscriberPage,
} from "../../../contract/newsletter.ts";
import { readPageNumber } from "../../../contract/paging.ts";
import { readAction, runAction, stay } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { isRowDelete, rowDeleteAction } from "../../lib/row-delete.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { filterHref, readFilters } from "../../components/admin/filter-form.tsx";
import {
  ComposeForm,
  type BulkAnswer,
  type BulkField,
  type BulkValues,
} from "../../components/admin/newsletter-compose.tsx";
import { SendHistory } from "../../components/admin/newsletter-history.tsx";
import {
  SUBSCRIBER_FILTERS,
  SubscriberList,
  type ResendAnswer,
} from "../../components/admin/newsletter-subscribers.tsx";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

const PATH = "/admin/newsletter";
const EXPORT = "/backend/api/admin/newsletter/export";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const filters = readFilters(url, SUBSCRIBER_FILTERS);
  const page = readPageNumber(url.searchParams);
  const campaigns = await ctx.services.newsletter.campaigns(actor, 10);
  const warnings = ctx.services.newsletter.bulkWarnings(actor);
  try {
    const list = await ctx.services.newsletter.listPage(actor, { ...filters, page });
    return { filters, list, campaigns, warnings, error: null };
  } catch (error) {
    const refused = toPageError(error);
    if (refused?.status === 401 || refused?.status === 403) throw error;
    if (!refused) console.error("admin newsletter: loading the list failed", error);
    const empty: SubscriberPage = {
      items: [],
      page,
      pageSize: 25,
      total: 0,
      counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
    };
    return {
      filters,
      list: empty,
      campaigns,
      warnings,
      error: `${NEWSLETTER_MESSAGES.fetchFailed}${refused?.message ?? "Unknown error"}`,
    };
  }
}

/** How the compose form's fields are called, for the messages the kernel writes itself (NUL). */
const BULK_LABELS: Record<BulkField, string> = {
  subject: "Subject",
  message: "Message",
  backgroundColor: "Background color",
  imageUrl: "Image URL",
  videoUrl: "Video URL",
  linkUrl: "Link URL",
};

/**
 * The page's forms on the one action kernel: a row's delete, a row's resend (its answer shown above the
 * list), the compose form's preview and send (their answers shown beside the form: data, not a redirect,
 * as the spec's message goes after 3 seconds). The send is a dangerous action: the step-up.
 */
export async function action(args: Route.ActionArgs): Promise<BulkAnswer | RowDeleteResult | ResendAnswer | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor } = call;
  if (isRowDelete(call)) {
    return rowDeleteAction(
      call,
      {
        question: NEWSLETTER_MESSAGES.confirmDelete,
        deleted: NEWSLETTER_MESSAGES.deleted,
        failed: NEWSLETTER_MESSAGES.deleteFailed,
      },
      (id) => ctx.services.newsletter.remove(actor, id),
    );
  }
  if (call.intent === "resend") {
    const id = call.text("id").trim().slice(0, 100);
    return runAction(call, {
      intent: "resend",
      values: { id },
      run: () => ctx.services.newsletter.resendConfirmation(actor, id),
      refused: (refused) => `${NEWSLETTER_MESSAGES.resendFailed}${refused.message}`,
      done: ({ message }) => stay(message, { id }),
    });
  }
  const values = Object.fromEntries(
    BULK_FIELDS.map((f) => [f, call.text(f).slice(0, BULK_LIMITS.message)]),
  ) as BulkValues;
  const previewing = call.intent === "preview";
  const form = {
    values,
    form: { schema: BulkEmailInputSchema, fields: BULK_FIELDS, labels: BULK_LABELS, input: () => values },
    invalid: ({ fieldErrors }: { fieldErrors: Partial<Record<string, string>> }) => ({
      formError: previewing ? "Please correct the fields below." : NEWSLETTER_MESSAGES.bulkFailed,
      fieldErrors,
    }),
  };
  if (previewing) {
    return runAction(call, {
      ...form,
      intent: "bulk.preview",
      run: () => ctx.services.newsletter.preview(actor, values),
      done: (preview) => stay("", { preview, values }),
    });
  }
  const empty = Object.fromEntries(BULK_FIELDS.map((f) => [f, ""])) as BulkValues;
  return runAction(call, {
    ...form,
    intent: "bulk.send",
    stepUp: { posts: "confirm" },
    run: (_, acting) => ctx.services.newsletter.sendBulk(acting, values),
    refused: (refused) => `${NEWSLETTER_MESSAGES.bulkFailed}: ${refused.message}`,
    done: () => stay(NEWSLETTER_MESSAGES.bulkSent, { preview: null, values: empty }),
  });
}

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, campaigns, warnings, error } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const bulk =
    actionData && (actionData.intent === "bulk.send" || actionData.intent === "bulk.preview")
      ? (actionData as BulkAnswer)
      : undefined;
  const stepUp = stepUpOf(bulk);
  const resent = actionData && actionData.intent === "resend" ? (actionData as ResendAnswer) : undefined;
  const exportHref = filterHref(EXPORT, filters);

  const header = (
    <AdminPageHeader
      title="Newsletter subscribers"
      lead="Who subscribed and when, newest first (Lagos time). Only confirmed addresses receive bulk e-mail."
    >
      <a href={exportHref} className={buttonClass("ghost", "md", "border border-slate-300")} download>
        Export CSV
      </a>
    </AdminPageHeader>
  );

  if (stepUp) {
    return (
      <>
        {header}
        <StepUpPrompt
          intent="confirm"
          prompt={stepUp.formError ?? ""}
          error={stepUp.fieldErrors.password}
          answer={stepUp}
          summary={`The bulk e-mail "${stepUp.values.subject}" goes to ${list.counts.confirmed} confirmed subscribers.`}
          fields={stepUp.values}
          confirmLabel="Confirm and send"
          cancelTo={here}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <SubscriberList
        path={PATH}
        filters={filters}
        list={list}
        error={error}
        answer={actionData}
        resent={resent}
        here={here}
      />
      <ComposeForm answer={bulk} warnings={warnings} />
      <SendHistory campaigns={campaigns} />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Newsletter subscribers", matches[0]?.loaderData?.siteName);
}
