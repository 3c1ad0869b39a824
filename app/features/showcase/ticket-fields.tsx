// The ticket modal's own controls (spec public-area §2 "Ticket modal", §5, §9): the ticket type with its
// price, the quantity with its − and + buttons, and the total. Their state is the modal's (ticket-modal.tsx).
import { TICKET_MAX_QUANTITY, TICKET_TYPES, type TicketType } from "../../../contract/showcase/tickets.ts";
import { formatNaira as formatAmount } from "../../../contract/lib/money.ts";
import { FieldShell } from "../../components/ui/form.tsx";

/** Ticket prices in whole naira, as the spec writes them (§9). */
const formatNaira = (amount: number) => formatAmount(amount, { decimals: 0 });

export function TicketTypeChoice({ value, onChange }: { value: TicketType; onChange: (type: TicketType) => void }) {
  return (
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
              checked={value === t.value}
              onChange={() => onChange(t.value)}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="font-semibold">{t.label}</span>
            <span className="ml-auto text-sm font-semibold text-slate-700">{formatNaira(t.price)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The quantity as typed, its problem in place of a total, and − and + that count from the typed number
 * (even above the maximum).
 */
export function QuantityField({
  id,
  text,
  typed,
  problem,
  inputRef,
  onType,
  onSet,
}: {
  id: string;
  text: string;
  /** the typed number, null when it is none */
  typed: number | null;
  problem: string | null;
  inputRef: React.Ref<HTMLInputElement>;
  onType: (text: string) => void;
  /** − and +: the number they make, kept from 1 to the maximum by the modal */
  onSet: (quantity: number) => void;
}) {
  return (
    <FieldShell id={id} label="Quantity" look="dense" error={problem ?? undefined} announceError errorPrefix={false}>
      {({ invalid: _invalid, ...control }) => (
        <div className="mt-1 flex items-stretch gap-2">
          <button
            type="button"
            onClick={() => onSet((typed ?? 1) - 1)}
            disabled={(typed ?? 1) <= 1}
            aria-label="Decrease quantity"
            className="w-12 rounded-lg border border-slate-400 text-xl font-bold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            ref={inputRef}
            {...control}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={TICKET_MAX_QUANTITY}
            step={1}
            value={text}
            onChange={(e) => onType(e.target.value)}
            className="w-24 rounded-lg border border-slate-400 px-3 py-2.5 text-center text-base text-slate-900 shadow-sm"
          />
          <button
            type="button"
            onClick={() => onSet((typed ?? 0) + 1)}
            disabled={(typed ?? 1) >= TICKET_MAX_QUANTITY}
            aria-label="Increase quantity"
            className="w-12 rounded-lg border border-slate-400 text-xl font-bold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      )}
    </FieldShell>
  );
}

/** The total for a good quantity, or a dash (and why not, to a screen reader). */
export function TicketTotalLine({
  quantityId,
  quantity,
  price,
  total,
}: {
  /** the quantity field the total is computed from */
  quantityId: string;
  quantity: number | null;
  price: number;
  total: number | null;
}) {
  return (
    <div className="flex items-center justify-between rounded-lg bg-slate-100 px-4 py-3">
      <span>
        <span className="block font-semibold">Total</span>
        <span className="block text-sm text-slate-600" data-testid="ticket-total-line">
          {quantity === null ? `1 to ${TICKET_MAX_QUANTITY} tickets` : `${quantity} × ${formatNaira(price)}`}
        </span>
      </span>
      <output
        htmlFor={quantityId}
        aria-live="polite"
        data-testid="ticket-total"
        className="text-2xl font-extrabold text-brand-800"
      >
        {total === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No total yet</span>
          </>
        ) : (
          formatNaira(total)
        )}
      </output>
    </div>
  );
}
