// /account (issue 9 "Paying": "A signed-in learner's /account page lists their courses, tickets (with the
// QR code) and receipts (purchases made with their e-mail address while signed out are attached once the
// address is verified)"; decision 018). Server-rendered from the account service, readable without
// JavaScript; the one form (a new verification link) posts as a plain form too. A refunded course or
// ticket stays, marked "Refunded" with when and how much, and its receipt stays (issue 29; decision 065).
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import {
  ACCOUNT_TEXTS as T,
  type AccountPageCourse,
  type AccountPageReceipt,
  type AccountPageTicket,
} from "../../../contract/account/account.ts";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/form.tsx";
import type { ActionResult } from "../../lib/action-result.ts";
import { appContext } from "../../lib/context.ts";
import { readAction, refuse, runAction, stay } from "../../lib/action.server.ts";
import { requireUserPage } from "../../lib/guards.server.ts";
import { privateNoStore, siteNameOf } from "../../lib/meta.ts";
import { formatNaira } from "../../../contract/lib/money.ts";
import { lessonPath } from "../../features/learning/course-outline.tsx";
import { ProgressBar } from "../../features/learning/progress-bar.tsx";
import {
  AccountCertificatesSection,
  CERTIFICATE_NAME_INTENT,
} from "../../features/certificates/account-certificates.tsx";
import { CERTIFICATE_MESSAGES } from "../../../contract/certificates/certificate-texts.ts";

type CourseProgress = { completed: number; total: number; next: string | null };

const continueWord = (p: CourseProgress) =>
  p.completed === p.total ? "Review" : p.completed > 0 ? "Continue" : "Start";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireUserPage(request, ctx);
  const page = await ctx.services.account.accountPage(actor.id);
  // issue 31: each course's progress and the lesson "Continue" opens (a refunded course has none)
  const paid = page.courses.filter((c) => c.status !== "refunded").map((c) => c.courseId);
  const [progress, certificates] = await Promise.all([
    ctx.services.learning.accountProgress(actor.id, paid),
    // issue 32: the learner's certificates and the name they carry
    ctx.services.certificates.forAccount(actor),
  ]);
  return { ...page, progress: Object.fromEntries(progress), certificates };
}

export type AccountActionData = ActionResult<never, Record<string, never>>;

/**
 * "Send me the verification link again": the signed-in user's own address, through Better Auth
 * (rate-limited); or (`certificate.name`) the name on their certificates, each valid one issued again with it.
 */
export async function action(args: Route.ActionArgs): Promise<AccountActionData | Response> {
  // The button posts an empty form; a body that is no form at all is a 400, as on every page.
  const call = await readAction(args, "user");
  const { ctx } = call;
  if (call.intent === CERTIFICATE_NAME_INTENT) {
    return runAction(call, {
      intent: CERTIFICATE_NAME_INTENT,
      run: () => ctx.services.certificates.setName(call.actor, { name: call.text("name") }),
      done: (saved) =>
        stay(
          saved.reissued > 0 ? CERTIFICATE_MESSAGES.nameSavedReissued(saved.reissued) : CERTIFICATE_MESSAGES.nameSaved,
          {},
          CERTIFICATE_NAME_INTENT,
        ),
    });
  }
  // the message shows beside the button: data, not a redirect
  return runAction(call, {
    run: () =>
      ctx.services.authFlows.sendVerificationEmail(
        { headers: call.request.headers, clientIp: ctx.clientIp },
        call.actor.email,
      ),
    done: (outcome) => (outcome.ok ? stay(outcome.value, {}) : refuse({ formError: outcome.message })),
  });
}

export const headers = privateNoStore;

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const sectionTitle = "text-2xl font-bold tracking-tight text-brand-950";
const link = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, emailVerified, courses, tickets, receipts, progress, certificates } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: T.title }]} />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">{T.title}</h1>
        <p className="mt-2 text-slate-700">
          Signed in as <strong className="break-all text-slate-900">{email}</strong>. Your courses, event tickets and
          receipts.
        </p>
        {emailVerified ? null : (
          <Unverified result={actionData?.intent === CERTIFICATE_NAME_INTENT ? undefined : actionData} />
        )}

        <section aria-labelledby="my-courses" className="mt-12">
          <h2 id="my-courses" className={sectionTitle}>
            {T.courses}
          </h2>
          {courses.length > 0 ? (
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {courses.map((c) => (
                <CourseItem key={c.courseId} course={c} progress={progress[c.courseId]} />
              ))}
            </ul>
          ) : (
            <Empty text={T.noCourses} to="/courses" action="Browse courses" />
          )}
        </section>

        <AccountCertificatesSection data={certificates} answer={actionData} sectionTitle={sectionTitle} />

        <section aria-labelledby="my-tickets" className="mt-12">
          <h2 id="my-tickets" className={sectionTitle}>
            {T.tickets}
          </h2>
          {tickets.length > 0 ? (
            <ul className="mt-5 space-y-5">
              {tickets.map((t) => (
                <TicketItem key={t.ticketId} ticket={t} />
              ))}
            </ul>
          ) : (
            <Empty text={T.noTickets} to="/showcase" action="See the showcase" />
          )}
        </section>

        <section aria-labelledby="my-receipts" className="mt-12">
          <h2 id="my-receipts" className={sectionTitle}>
            {T.receipts}
          </h2>
          {receipts.length > 0 ? (
            <Receipts receipts={receipts} />
          ) : (
            <p className="mt-4 text-slate-700">{T.noReceipts}</p>
          )}
        </section>
      </div>
    </main>
  );
}

function Unverified({ result }: { result: AccountActionData | undefined }) {
  const sending = useNavigation().formAction === "/account";
  return (
    <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">Your e-mail address is not verified yet.</p>
      <p className="mt-1 text-sm">{T.unverified}</p>
      {result ? (
        <Notice tone={result.ok ? "success" : "error"} className="mt-3 rounded-lg border px-4 py-3" focus>
          {result.ok ? result.message : result.formError}
        </Notice>
      ) : null}
      <Form method="post" action="/account" className="mt-4">
        <button type="submit" className={buttonClass("secondary", "sm")} aria-disabled={sending || undefined}>
          {sending ? "Sending…" : T.resend}
        </button>
      </Form>
    </div>
  );
}

function Empty({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-6 text-slate-700">
      {text}{" "}
      <Link to={to} className={link}>
        {action}
      </Link>
    </p>
  );
}

function Paid({ amount, paidOn }: { amount: number; paidOn: string }) {
  return (
    <>
      {formatNaira(amount)} on {paidOn}
    </>
  );
}

/** The word "Refunded", in the item's heading: said by screen readers with the title, not by colour alone. */
function RefundedBadge() {
  return (
    <>
      {" "}
      <span className="ml-1 inline-block rounded-full border border-slate-400 bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800">
        {T.refunded}
      </span>
    </>
  );
}

/** "₦20,000 on 3 March 2026", or "₦20,000" when the refund's date is not known. */
function RefundedRow({ item }: { item: { refundedAmount: number | null; refundedOn: string | null } }) {
  if (item.refundedAmount === null) return null;
  return (
    <>
      <dt className="text-slate-600">{T.refunded}</dt>
      <dd className="text-slate-900">
        {formatNaira(item.refundedAmount)}
        {item.refundedOn ? ` on ${item.refundedOn}` : null}
      </dd>
    </>
  );
}

function CourseItem({ course, progress }: { course: AccountPageCourse; progress: CourseProgress | undefined }) {
  const refunded = course.status === "refunded";
  return (
    <li className={refunded ? `${card} bg-slate-50` : card} data-status={course.status}>
      <h3 className="text-lg font-semibold text-slate-900">
        {course.title}
        {refunded ? <RefundedBadge /> : null}
      </h3>
      {course.category || course.instructor ? (
        <p className="mt-1 text-sm text-slate-600">
          {[course.category, course.instructor ? `with ${course.instructor}` : null].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Paid</dt>
        <dd className="text-slate-900">
          <Paid amount={course.amount} paidOn={course.paidOn} />
        </dd>
        <RefundedRow item={course} />
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono break-all text-slate-900">{course.reference}</dd>
      </dl>
      {refunded ? <p className="mt-3 text-sm text-slate-700">{T.courseRefunded}</p> : null}
      {progress && progress.total > 0 ? (
        <div className="mt-4">
          <ProgressBar completed={progress.completed} total={progress.total} />
          {progress.next ? (
            <Link
              to={lessonPath(course.courseId, progress.next)}
              className={buttonClass("primary", "sm", "mt-3")}
              aria-label={`${continueWord(progress)}: ${course.title}`}
            >
              {continueWord(progress)}
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function TicketItem({ ticket }: { ticket: AccountPageTicket }) {
  const what = `${ticket.ticketTypeLabel} × ${ticket.quantity}`;
  const refunded = ticket.status === "refunded";
  return (
    <li
      className={`${card} flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between ${refunded ? "bg-slate-50" : ""}`}
      data-status={ticket.status}
    >
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">
          {ticket.eventName}
          {refunded ? <RefundedBadge /> : null}
        </h3>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Ticket</dt>
          <dd className="font-semibold text-slate-900">{ticket.ticketTypeLabel}</dd>
          <dt className="text-slate-600">Quantity</dt>
          <dd className="text-slate-900">{ticket.quantity}</dd>
          {ticket.starts ? (
            <>
              <dt className="text-slate-600">Starts</dt>
              <dd className="text-slate-900">{ticket.starts}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Paid</dt>
          <dd className="text-slate-900">
            <Paid amount={ticket.amount} paidOn={ticket.paidOn} />
          </dd>
          <RefundedRow item={ticket} />
          <dt className="text-slate-600">Reference</dt>
          <dd className="font-mono break-all text-slate-900">{ticket.reference}</dd>
        </dl>
        {refunded ? <p className="mt-3 text-sm text-slate-700">{T.ticketRefunded}</p> : null}
        {ticket.linkLater ? (
          <p className="mt-3 text-sm text-slate-600">
            We will e-mail you the streaming link 24 hours before the start.
          </p>
        ) : null}
      </div>
      {ticket.qr && ticket.code ? (
        <figure className="mx-auto w-60 shrink-0 text-center sm:mx-0">
          <img
            src={ticket.qr}
            width={240}
            height={240}
            alt={`QR code of your ticket: ${what} for ${ticket.eventName}`}
            className="size-60 rounded-lg border border-slate-200 bg-white"
          />
          <figcaption className="mt-2 text-xs text-slate-600">
            Show this code at the event. Ticket code:{" "}
            <span className="font-mono break-all text-slate-900">{ticket.code}</span>
          </figcaption>
        </figure>
      ) : null}
    </li>
  );
}

function Receipts({ receipts }: { receipts: AccountPageReceipt[] }) {
  return (
    <table className="mt-5 w-full border-collapse text-left text-sm">
      <caption className="sr-only">Your payments, newest first</caption>
      <thead>
        <tr className="border-b-2 border-slate-300 text-slate-700">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Item
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Date
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {receipts.map((r) => (
          <tr key={r.reference} className="border-b border-slate-200 align-top" data-status={r.status}>
            <td className="py-3 pr-3">
              <span className="font-medium text-slate-900">{r.item}</span>
              <span className="mt-0.5 block text-xs text-slate-600">
                Paid by {r.paidBy} · Reference <span className="font-mono break-all">{r.reference}</span>
              </span>
              {r.status === "refunded" && r.refundedAmount !== null ? (
                <span className="mt-1 block text-xs font-semibold text-slate-800">
                  {T.refunded}: {formatNaira(r.refundedAmount)}
                  {r.refundedOn ? ` on ${r.refundedOn}` : null}
                </span>
              ) : null}
            </td>
            <td className="py-3 pr-3 whitespace-nowrap text-slate-800">{r.paidOn}</td>
            <td className="py-3 text-right whitespace-nowrap text-slate-900">{formatNaira(r.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${T.title} | ${siteNameOf(matches)}` }, { name: "robots", content: "noindex" }];
}
