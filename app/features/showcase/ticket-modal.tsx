import { useEffect, useId, useRef, useState } from "react";
import type { ShowcaseEvent } from "../../../contract/showcase/events.ts";
import { CHECKOUT_TEXTS } from "../../../contract/payments/payment-texts.ts";
import type { PurchaseLogResult, StartedPayment } from "../../../contract/payments/payments.ts";
import {
  TICKET_MAX_QUANTITY,
  TICKET_MESSAGES,
  TICKET_TYPES,
  type TicketType,
  isTicketEmail,
  parseQuantity,
} from "../../../contract/showcase/tickets.ts";
import { callApi } from "../../lib/api-client.ts";
import { usePaymentFlow } from "../payments/payment-flow.tsx";
import { Field } from "../../components/ui/form.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { QuantityField, TicketTotalLine, TicketTypeChoice } from "./ticket-fields.tsx";

export type TicketTotal =
  { quantity: number; total: number; problem: null } | { quantity: null; total: null; problem: string };

/**
 * The total for the quantity as typed (spec §5 "quantity minimum 1"; §9 amount = price × quantity), or
 * what is wrong with it: 0, -3, 2.5, an empty field or more than the maximum have no total (never the
 * last good one, nor 1 × the price).
 */
export function ticketTotal(quantityText: string, price: number): TicketTotal {
  const quantity = parseQuantity(quantityText);
  if (quantity === null) return { quantity: null, total: null, problem: TICKET_MESSAGES.quantity };
  if (quantity > TICKET_MAX_QUANTITY) return { quantity: null, total: null, problem: TICKET_MESSAGES.tooMany };
  return { quantity, total: price * quantity, problem: null };
}

/**
 * The ticket modal (spec public-area §2 "Ticket modal", §4, §5, §8, §9): email, ticket type and quantity,
 * the total and Pay Now. The server computes the amount (price × quantity) and starts the payment; the
 * pop-up's success is logged with the reference and verified by the server; closing it says
 * 'Payment cancelled'; a failed payment comes back to the form as it was typed (decision 023).
 */
export function TicketModal({ event, onClose }: { event: ShowcaseEvent; onClose: () => void }) {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [ticketType, setTicketType] = useState<TicketType>("Standard");
  const [quantityText, setQuantityText] = useState("1");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // Start where the visitor types (the dialog is already open: child effects run first).
  useEffect(() => {
    emailRef.current?.focus({ preventScroll: true });
  }, []);

  const price = TICKET_TYPES.find((t) => t.value === ticketType)?.price ?? TICKET_TYPES[0].price;
  // the quantity's problem shows at the field as it is typed, in place of a total
  const { quantity, total, problem: quantityProblem } = ticketTotal(quantityText, price);
  // what the − and + buttons count from: the typed number, even above the maximum
  const typed = parseQuantity(quantityText);

  const flow = usePaymentFlow({
    logPaid: (reference) =>
      callApi<PurchaseLogResult>(`/events/${encodeURIComponent(event._id)}/purchases`, {
        // (a payment starts only with a good quantity, and the dialog shows no form meanwhile)
        body: { email, ticketType, quantity: quantity ?? 1, eventName: event.name, reference },
      }),
    logClosed: (reference) => callApi(`/payments/${encodeURIComponent(reference)}/cancel`, { method: "POST" }),
    cancelledMessage: CHECKOUT_TEXTS.cancelled,
    onClose,
  });

  const setQuantity = (n: number) => {
    setQuantityText(String(Math.min(TICKET_MAX_QUANTITY, Math.max(1, n))));
    setNotice(null);
  };

  const pay = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (starting) return;
    setNotice(null);
    const emailOk = isTicketEmail(email);
    setEmailError(emailOk ? null : TICKET_MESSAGES.email);
    if (!emailOk) return emailRef.current?.focus();
    // refused with the message the field already shows
    if (quantity === null) return quantityRef.current?.focus();
    setStarting(true);
    const answer = await callApi<StartedPayment>("/payments/ticket", {
      body: { eventId: event._id, email: email.trim(), ticketType, quantity },
    });
    setStarting(false);
    if (answer.ok) return flow.open(answer.data);
    setNotice(answer.message ?? CHECKOUT_TEXTS.startFailed);
  };
  const shownNotice = notice ?? flow.formError;
  // the refusal, or the failed payment, takes focus once it is on screen
  useEffect(() => {
    if (shownNotice) noticeRef.current?.focus();
  }, [shownNotice]);

  return flow.render(
    <Modal frame="bare" labelledBy={`${id}-title`} onClose={onClose} className="max-w-lg">
      <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-5 text-slate-900 shadow-2xl sm:p-8">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Buy tickets</p>
        <h2 id={`${id}-title`} className="mt-1 pr-10 text-xl font-extrabold sm:text-2xl">
          {event.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{event.time}</p>

        <form noValidate onSubmit={(e) => void pay(e)} className="mt-5 space-y-4 sm:mt-6 sm:space-y-5">
          <Field
            inputRef={emailRef}
            id={`${id}-email`}
            name="email"
            label="Email"
            look="dense"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setNotice(null);
            }}
            hint="Your streaming link is sent here 24 hours before the show."
            error={emailError ?? undefined}
            hintHiddenOnError
            announceError
            errorPrefix={false}
          />

          <TicketTypeChoice
            value={ticketType}
            onChange={(type) => {
              setTicketType(type);
              setNotice(null);
            }}
          />

          <QuantityField
            id={`${id}-quantity`}
            text={quantityText}
            typed={typed}
            problem={quantityProblem}
            inputRef={quantityRef}
            onType={(text) => {
              setQuantityText(text);
              setNotice(null);
            }}
            onSet={setQuantity}
          />

          <TicketTotalLine quantityId={`${id}-quantity`} quantity={quantity} price={price} total={total} />

          {shownNotice ? (
            <p
              ref={noticeRef}
              tabIndex={-1}
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 outline-none"
            >
              {shownNotice}
            </p>
          ) : null}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={onClose}
              className="min-h-12 rounded-lg border border-slate-400 px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={starting}
              aria-busy={starting || undefined}
              className="min-h-12 disabled:opacity-60 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Pay Now
            </button>
          </div>
        </form>

        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-4 right-4 inline-flex h-11 w-11 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </Modal>,
  );
}
