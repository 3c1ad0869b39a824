// /admin/newsletter's history of bulk sends (spec admin-back-office "Bulk newsletter"; decision 037):
// each send with its progress, read again every two seconds while one is going out.
import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { formatLagosDateTime } from "../../../contract/lib/dates.ts";
import type { Campaign } from "../../../contract/messaging/newsletter.ts";

function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const done = campaign.sent + campaign.failed + campaign.unconfirmed;
  const total = Math.max(campaign.recipients, campaign.queued, 1);
  const state = campaign.status === "queuing" ? "Queuing" : campaign.status === "sending" ? "Sending" : "Done";
  return (
    <div className="min-w-48">
      <progress
        value={done}
        max={total}
        aria-label={`Progress of "${campaign.subject}"`}
        className="h-3 w-full accent-brand-700"
      />
      <p className="mt-1 text-sm text-slate-700">
        {state}: {campaign.queued} queued, {campaign.sent} sent, {campaign.failed} failed of {campaign.recipients}
      </p>
      {campaign.unconfirmed > 0 ? (
        <p className="mt-1 text-sm text-amber-900">
          {campaign.unconfirmed} unconfirmed: handed to the mail server, whose answer never came. Not sent again, as
          they may have arrived: see the Outbox.
        </p>
      ) : null}
    </div>
  );
}

export function SendHistory({ campaigns }: { campaigns: Campaign[] }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const going = campaigns.some((c) => c.status !== "done");
  // while a send is going out, the figures are read again every 2 seconds (with JavaScript)
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [going, revalidator]);
  return (
    <section aria-labelledby="history-title" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-title" className="text-xl font-extrabold tracking-tight text-brand-950">
          Sends
        </h2>
        <Link to={`${location.pathname}${location.search}`} className="text-sm font-semibold text-brand-800 underline">
          Refresh
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="mt-3 text-slate-600">No bulk e-mail sent yet.</p>
      ) : (
        <ol
          className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Bulk e-mails sent, newest first"
        >
          {campaigns.map((c) => (
            <li key={c._id} className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(12rem,20rem)]">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{c.subject}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={c.createdAt}>{formatLagosDateTime(c.createdAt)}</time>
                  {c.createdBy ? ` by ${c.createdBy}` : ""} · {c.recipients}{" "}
                  {c.recipients === 1 ? "recipient" : "recipients"}
                </p>
              </div>
              <CampaignProgress campaign={c} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
