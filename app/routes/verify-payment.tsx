import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/verify-payment";
import { VERIFY_MESSAGES, VERIFY_REDIRECT_SECONDS, type VerifyState } from "../../contract/payments/payment-texts.ts";
import { appContext } from "../lib/context.ts";

// spec public-area §2 "Payment verification (/verify-payment)": reads ?reference=, verifies it on the
// server (the same check as GET /backend/api/verify/{reference}; paid only when the provider confirms
// status, amount and currency), says how it went, then goes home after 3 seconds — with JavaScript by
// navigating, without it by the response's Refresh header (decision 017).

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

/** A payment's status as this page tells it; any other (failed, abandoned) is "failed". A refund that
 * failed leaves the money paid (decision 035). */
const VERIFY_STATE_OF: Partial<Record<string, VerifyState>> = {
  paid: "verified",
  refund_failed: "verified",
  pending: "pending",
  refund_pending: "refunded",
  refunded: "refunded",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const reference = new URL(request.url).searchParams.get("reference")?.trim() ?? "";
  let state: VerifyState = "error";
  if (REFERENCE.test(reference)) {
    try {
      const outcome = await services.payments.verify(reference, "callback");
      state = VERIFY_STATE_OF[outcome.status] ?? "failed";
    } catch {
      // unknown reference, or the provider did not answer
      state = "error";
    }
  }
  return { state, reference: REFERENCE.test(reference) ? reference : null };
}

/**
 * One person's payment: never kept by a shared cache. `Refresh` takes the browser home after 3 seconds
 * also without JavaScript (spec §4, §9); a header rather than a <meta> refresh, which assistive
 * technology announces as a page that reloads itself. The page says it is going and links home.
 */
export function headers() {
  return { "Cache-Control": "no-store", Refresh: `${VERIFY_REDIRECT_SECONDS}; url=/` };
}

export function meta() {
  return [{ title: "Payment verification" }, { name: "robots", content: "noindex" }];
}

const TONE: Record<VerifyState, string> = {
  verified: "border-emerald-300 bg-emerald-50 text-emerald-900",
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  refunded: "border-slate-300 bg-slate-50 text-slate-900",
  failed: "border-red-300 bg-red-50 text-red-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export default function VerifyPayment({ loaderData }: Route.ComponentProps) {
  const { state, reference } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/"), VERIFY_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-20 text-center outline-none">
      <h1 className="text-3xl font-bold text-brand-950">Payment verification</h1>
      <p role="status" className={`mt-8 rounded-xl border px-6 py-5 text-lg font-semibold ${TONE[state]}`}>
        {VERIFY_MESSAGES[state]}
      </p>
      {reference ? (
        <p className="mt-4 text-sm text-slate-600">
          Reference: <span className="font-mono">{reference}</span>
        </p>
      ) : null}
      <p className="mt-8 text-slate-700">
        Taking you to the home page in {VERIFY_REDIRECT_SECONDS} seconds.{" "}
        <Link to="/" className="font-semibold text-brand-700 underline">
          Go now
        </Link>
      </p>
    </main>
  );
}
