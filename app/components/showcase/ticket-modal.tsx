import { useEffect, useId, useRef, useState } from "react";
import type { ShowcaseEvent } from "../../../contract/events.ts";
import {
  TICKET_MESSAGES,
  TICKET_TYPES,
  type TicketType,
  isTicketEmail,
  parseQuantity,
} from "../../../contract/tickets.ts";
import { formatNaira as formatAmount } from "../../lib/naira.ts";
import { Field, FieldShell } from "../ui/form.tsx";
import { Modal } from "../ui/modal.tsx";

/** Ticket prices in whole naira, as the spec writes them (§9). */
const formatNaira = (amount: number) => formatAmount(amount, { decimals: 0 });

/**
 * The ticket modal (spec public-area §2 "Ticket modal"): email, ticket type and quantity, the total and a
 * pay action. Online payment arrives in a later issue; until then paying says so plainly.
 */
export function TicketModal({ event, onClose }: { event: ShowcaseEvent; onClose: () => void }) {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [ticketType, setTicketType] = useState<TicketType>("Standard");
  const [quantityText, setQuantityText] = useState("1");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Start where the visitor types (the dialog is already open: child effects run first).
  useEffect(() => {
    emailRef.current?.focus({ preventScroll: true });
  }, []);

  const price = TICKET_TYPES.find((t) => t.value === ticketType)?.price ?? TICKET_TYPES[0].price;
  const quantity = parseQuantity(quantityText);
  const total = price * (quantity ?? 1);

  const setQuantity = (n: number) => {
    setQuantityText(String(Math.max(1, n)));
    setQuantityError(null);
    setNotice(null);
  };

  const pay = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(null);
    const emailOk = isTicketEmail(email);
    setEmailError(emailOk ? null : TICKET_MESSAGES.email);
    setQuantityError(quantity === null ? TICKET_MESSAGES.quantity : null);
    if (!emailOk) return emailRef.current?.focus();
    if (quantity === null) return quantityRef.current?.focus();
    setNotice(
      `Online payment is coming soon. You have not been charged, and no ticket has been issued yet for ${event.name}. ` +
        "Please check back shortly to buy your tickets.",
    );
  };

  return (
    <Modal frame="bare" labelledBy={`${id}-title`} onClose={onClose} className="max-w-lg">
      <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-5 text-slate-900 shadow-2xl sm:p-8">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Buy tickets</p>
        <h2 id={`${id}-title`} className="mt-1 pr-10 text-xl font-extrabold sm:text-2xl">
          {event.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{event.time}</p>

        <form noValidate onSubmit={pay} className="mt-5 space-y-4 sm:mt-6 sm:space-y-5">
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

          <fieldset>
            <legend className="font-semibold">Ticket type</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {TICKET_TYPES.map((t) => (
                <label
                  key={t.value}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700"
                >
                  <input
                    type="radio"
                    name="ticketType"
                    value={t.value}
                    checked={ticketType === t.value}
                    onChange={() => {
                      setTicketType(t.value);
                      setNotice(null);
                    }}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="font-semibold">{t.label}</span>
                  <span className="ml-auto text-sm font-semibold text-slate-700">{formatNaira(t.price)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <FieldShell
            id={`${id}-quantity`}
            label="Quantity"
            look="dense"
            error={quantityError ?? undefined}
            announceError
            errorPrefix={false}
          >
            {({ invalid: _invalid, ...control }) => (
              <div className="mt-1 flex items-stretch gap-2">
                <button
                  type="button"
                  onClick={() => setQuantity((quantity ?? 1) - 1)}
                  disabled={(quantity ?? 1) <= 1}
                  aria-label="Decrease quantity"
                  className="w-12 rounded-lg border border-slate-400 text-xl font-bold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400"
                >
                  <span aria-hidden="true">−</span>
                </button>
                <input
                  ref={quantityRef}
                  {...control}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={quantityText}
                  onChange={(e) => {
                    setQuantityText(e.target.value);
                    setQuantityError(null);
                    setNotice(null);
                  }}
                  className="w-24 rounded-lg border border-slate-400 px-3 py-2.5 text-center text-base text-slate-900 shadow-sm"
                />
                <button
                  type="button"
                  onClick={() => setQuantity((quantity ?? 0) + 1)}
                  aria-label="Increase quantity"
                  className="w-12 rounded-lg border border-slate-400 text-xl font-bold text-slate-900 hover:bg-slate-100"
                >
                  <span aria-hidden="true">+</span>
                </button>
              </div>
            )}
          </FieldShell>

          <div className="flex items-center justify-between rounded-lg bg-slate-100 px-4 py-3">
            <span>
              <span className="block font-semibold">Total</span>
              <span className="block text-sm text-slate-600">
                {quantity ?? 1} × {formatNaira(price)}
              </span>
            </span>
            <output
              htmlFor={`${id}-quantity`}
              aria-live="polite"
              data-testid="ticket-total"
              className="text-2xl font-extrabold text-brand-800"
            >
              {formatNaira(total)}
            </output>
          </div>

          {notice ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900"
            >
              {notice}
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
              className="min-h-12 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
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
    </Modal>
  );
}
