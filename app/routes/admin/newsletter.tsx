// /admin/newsletter (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter subscriber", "Bulk
// newsletter", §4, §5; issue 19; decision 037): the subscribers on the kit (issue 30;
// contract/messaging/newsletter.ts SUBSCRIBER_LIST: their counts, filters by state and e-mail, the paged list, each
// deleted after a question; a pending subscriber's "Resend confirmation", issue 29: the confirmation
// e-mail again, at most one an hour per address, as the service decides and records in the audit log),
// the CSV export; the bulk e-mail's form with a preview rendered by the server (the same renderer as the
// e-mail itself, so it works without JavaScript), its send (a step-up action) and the history of sends
// with their progress, refreshed every two seconds while one is going out. The page's parts are in
// app/components/admin/newsletter-*.tsx; this module reads, acts and puts them together.
import { useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import {
  BULK_FIELDS,
  BULK_LIMITS,
  BulkEmailInputSchema,
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_LIST,
  type Subscriber,
  type SubscriberPage,
} from "../../../contract/messaging/newsletter.ts";
import { listAction, loadList, type ListAdapter, type RowPostAnswer } from "../../lib/adapted-list.server.ts";
import { readAction, runAction, stay } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import type { RowDeleteResult } from "../../lib/row-delete.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { filterHref } from "../../components/admin/filter-form.tsx";
import {
  ComposeForm,
  type BulkAnswer,
  type BulkField,
  type BulkValues,
} from "../../features/newsletter/newsletter-compose.tsx";
import { SendHistory } from "../../features/newsletter/newsletter-history.tsx";
import { SubscriberList } from "../../features/newsletter/newsletter-subscribers.tsx";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";
import { buttonClass } from "../../components/ui/button.tsx";

const EXPORT = "/backend/api/admin/newsletter/export";

/** The subscribers by the newsletter service (server/features/newsletter). */
const SUBSCRIBERS: ListAdapter<Subscriber, "status" | "search", SubscriberPage> = {
  list: (ctx, actor, query) => ctx.services.newsletter.listPage(actor, query),
  empty: (page) => ({
    items: [],
    page,
    pageSize: 25,
    total: 0,
    counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
  }),
  failed: NEWSLETTER_MESSAGES.fetchFailed,
  unknown: "Unknown error",
  logAs: "admin newsletter",
  remove: (ctx, actor, id) => ctx.services.newsletter.remove(actor, id),
  posts: { resend: (ctx, actor, id) => ctx.services.newsletter.resendConfirmation(actor, id) },
};

export async function loader(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const actor = requireAdminPage(args.request, ctx);
  const campaigns = await ctx.services.newsletter.campaigns(actor, 10);
  const warnings = ctx.services.newsletter.bulkWarnings(actor);
  return { ...(await loadList(args, SUBSCRIBER_LIST, SUBSCRIBERS)), campaigns, warnings };
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
 * The page's forms on the one action kernel: a row's delete or resend (the kit's listAction; a resend's
 * answer shown above the list), the compose form's preview and send (their answers shown beside the form: data, not a redirect,
 * as the spec's message goes after 3 seconds). The send is a dangerous action: the step-up.
 */
export async function action(args: Route.ActionArgs): Promise<BulkAnswer | RowDeleteResult | RowPostAnswer | Response> {
  const call = await readAction(args, "admin");
  const { ctx, actor } = call;
  const listed = listAction(call, SUBSCRIBER_LIST, SUBSCRIBERS);
  if (listed) return listed;
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
      <SubscriberList filters={filters} list={list} error={error} answer={actionData} />
      <ComposeForm answer={bulk} warnings={warnings} />
      <SendHistory campaigns={campaigns} />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Newsletter subscribers", matches[0]?.loaderData?.siteName);
}
