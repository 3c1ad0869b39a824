// /admin/newsletter's subscribers (spec admin-back-office §2 "Newsletter admin", §3 "Newsletter
// subscriber"; decision 037) on the kit (issue 30; contract/messaging/newsletter.ts SUBSCRIBER_LIST): their counts
// by state above the kit's filters and list, with each row's Delete and, for a pending subscriber,
// "Resend confirmation" (issue 29).
import {
  SUBSCRIBER_LIST,
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  type SubscriberPage,
} from "../../../contract/messaging/newsletter.ts";
import { AdaptedList, listTime } from "../../components/admin/adapted-list.tsx";

/** The subscribers' part of the page: counts, filters, the answers of a delete or a resend, the list. */
export function SubscriberList({
  filters,
  list,
  error,
  answer,
}: {
  filters: Record<"status" | "search", string>;
  list: SubscriberPage;
  /** why the list could not be read, if it could not */
  error: string | null;
  /** the page action's last answer (a row's delete's or resend's is shown here) */
  answer: unknown;
}) {
  return (
    <AdaptedList
      spec={SUBSCRIBER_LIST}
      filters={filters}
      list={list}
      error={error}
      answer={answer}
      before={
        <p className="mt-4 text-sm text-slate-700">
          {SUBSCRIBER_STATES.map((s) => `${SUBSCRIBER_STATE_LABELS[s]}: ${list.counts[s]}`).join(" · ")}
        </p>
      }
      cells={{
        email: (s) => <span className="break-all">{s.email}</span>,
        subscribed: (s) => listTime(s.subscribedAt),
      }}
    />
  );
}
