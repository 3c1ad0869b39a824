import { useEffect, useRef, useState } from "react";
import type { Course } from "../../../contract/courses/catalog.ts";
import { AMOUNT_NAMES, CHECKOUT_TEXTS, FREE_PROVIDER } from "../../../contract/payments/payment-texts.ts";
import type { CouponValidation, PurchaseLogResult, StartedPayment } from "../../../contract/payments/payments.ts";
import { callApi } from "../../lib/api-client.ts";
import { amountsOfCourse, formatKobo, percentOf, type CourseAmounts } from "../../../contract/lib/money.ts";
import { usePaymentFlow } from "../payments/payment-flow.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, FieldShell, controlClass } from "../../components/ui/form.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { CoursePrice } from "./course-price.tsx";

type Coupon =
  | { state: "none" }
  | { state: "checking" }
  | { state: "applied"; code: string; couponId: string; discount: number; message: string }
  | { state: "invalid"; message: string };

const FIELDS = { fullName: "", phone: "", email: "", coupon: "" };

/**
 * The enrol modal (spec §2 "Enrol modal", §4, §5, §8). Mounted per opening, so every opening starts with
 * empty fields and no coupon state (spec §4 "opening resets all fields"). It stays mounted while the
 * payment pop-up is open: a failed payment comes back to the form with everything typed (the coupon
 * too) and 'Payment failed. Please try again.' (decision 023). Fields are not checked before Pay Now (spec §5); the server checks
 * them when it starts the payment and its message shows here. The price shown after a coupon is the
 * spec's price × (1 − discount/100); the server applies the coupon again when it computes the amount.
 */
export function EnrolModal({ course, onClose }: { course: Course; onClose: () => void }) {
  const [fields, setFields] = useState(FIELDS);
  const [coupon, setCoupon] = useState<Coupon>({ state: "none" });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const amounts = amountsOfCourse(course, coupon.state === "applied" ? coupon.discount : null);
  // decision 060: a coupon that makes the course free enrols at once, without the payment pop-up
  const free = coupon.state === "applied" && amounts.amountPaid === 0;

  const purchase = (reference: string, paymentStatus: "paid" | "not_paid") => {
    const body = { userName: fields.fullName, email: fields.email, phone: fields.phone, paymentStatus, reference };
    // spec §5: with a coupon only its usage is logged, not the purchase record
    return coupon.state === "applied"
      ? callApi<PurchaseLogResult>(`/coupons/log-usage/${encodeURIComponent(coupon.couponId)}`, {
          body: { ...body, courseId: course._id },
        })
      : callApi<PurchaseLogResult>(`/courses/${encodeURIComponent(course._id)}/purchases`, { body });
  };
  const flow = usePaymentFlow({
    logPaid: (reference) => purchase(reference, "paid"),
    logClosed: (reference) => purchase(reference, "not_paid"),
    cancelledMessage: null,
    onClose,
  });

  const set = (name: keyof typeof FIELDS) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [name]: event.target.value }));
    // a changed code is not the one applied: the price goes back until it is applied
    if (name === "coupon" && coupon.state !== "none") setCoupon({ state: "none" });
  };

  const applyCoupon = async () => {
    const code = fields.coupon.trim();
    if (!code) return setCoupon({ state: "invalid", message: CHECKOUT_TEXTS.couponEmpty });
    setCoupon({ state: "checking" });
    const answer = await callApi<CouponValidation>(
      `/coupons/validate/${encodeURIComponent(code)}?courseId=${encodeURIComponent(course._id)}`,
    );
    if (!answer.ok) return setCoupon({ state: "invalid", message: CHECKOUT_TEXTS.couponError });
    const { valid, couponId, discount, message } = answer.data;
    if (valid && couponId) {
      setCoupon({ state: "applied", code, couponId, discount, message: message || CHECKOUT_TEXTS.couponApplied });
    } else {
      setCoupon({ state: "invalid", message: message || CHECKOUT_TEXTS.couponInvalid });
    }
  };

  const pay = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (starting) return;
    setStarting(true);
    setError(null);
    const answer = await callApi<StartedPayment>("/payments/course", {
      body: {
        courseId: course._id,
        fullName: fields.fullName,
        email: fields.email,
        phone: fields.phone,
        ...(coupon.state === "applied" ? { couponCode: coupon.code } : {}),
      },
    });
    setStarting(false);
    if (answer.ok && answer.data.provider === FREE_PROVIDER) return flow.enrolled(answer.data.reference);
    if (answer.ok) return flow.open(answer.data);
    setError(answer.message ?? CHECKOUT_TEXTS.startFailed);
  };
  const shownError = error ?? flow.formError;
  // the refusal, or the failed payment, takes focus once it is on screen (a keyboard or screen-reader
  // user lands on it; this runs after the dialog's own first focus)
  useEffect(() => {
    if (shownError) errorRef.current?.focus();
  }, [shownError]);

  const couponMessage =
    coupon.state === "applied" || coupon.state === "invalid"
      ? coupon.message
      : coupon.state === "checking"
        ? "Checking…"
        : "";
  // spec §8: "A message containing 'success' is shown in green, otherwise red."
  const couponTone =
    coupon.state === "checking" ? "text-slate-700" : /success/i.test(couponMessage) ? "text-green-800" : "text-red-700";

  return flow.render(
    <Modal labelledBy="enrol-title" describedBy="enrol-price" onClose={onClose}>
      <form noValidate className="relative p-6 sm:p-7" onSubmit={(e) => void pay(e)}>
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label="Close"
        >
          <Icon name="close" />
        </button>
        <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">Enrol in course</p>
        <h2 id="enrol-title" className="mt-1 pr-8 text-xl leading-snug font-bold text-brand-950">
          {course.title}
        </h2>
        <div id="enrol-price" className="mt-2" aria-live="polite">
          {coupon.state === "applied" ? (
            <Amounts amounts={amounts} code={coupon.code.toUpperCase()} />
          ) : (
            <CoursePrice course={course} size="lg" />
          )}
        </div>

        <div className="mt-6 space-y-4">
          <Field
            id="enrol-name"
            name="fullName"
            label="Full Name"
            look="modal"
            autoComplete="name"
            value={fields.fullName}
            onChange={set("fullName")}
            data-autofocus
          />
          <Field
            id="enrol-phone"
            name="phone"
            label="Phone Number"
            look="modal"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={fields.phone}
            onChange={set("phone")}
          />
          <Field
            id="enrol-email"
            name="email"
            label="Email"
            look="modal"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={set("email")}
          />
          <FieldShell id="enrol-coupon" label="Coupon Code" look="modal">
            {({ invalid, ...control }) => (
              <>
                <div className="mt-1 flex gap-2">
                  <input
                    {...control}
                    name="coupon"
                    autoComplete="off"
                    autoCapitalize="characters"
                    value={fields.coupon}
                    onChange={set("coupon")}
                    onKeyDown={(e) => {
                      // Enter in the coupon field applies it rather than paying
                      if (e.key === "Enter") {
                        e.preventDefault();
                        void applyCoupon();
                      }
                    }}
                    className={controlClass("modal", invalid || coupon.state === "invalid").replace("mt-1 ", "")}
                    aria-describedby="enrol-coupon-message"
                  />
                  <Button variant="secondary" disabled={coupon.state === "checking"} onClick={() => void applyCoupon()}>
                    Apply
                  </Button>
                </div>
                <p
                  id="enrol-coupon-message"
                  role="status"
                  className={`mt-2 text-sm font-medium empty:hidden ${couponTone}`}
                  data-testid="coupon-message"
                >
                  {couponMessage}
                </p>
              </>
            )}
          </FieldShell>
        </div>

        {shownError ? (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 outline-none"
          >
            {shownError}
          </p>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg" disabled={starting} aria-busy={starting || undefined}>
            {free ? CHECKOUT_TEXTS.enrolFree : "Pay Now"}
          </Button>
        </div>
      </form>
    </Modal>,
  );
}

/**
 * The amounts once a coupon is applied, by the names of decision 059: the full price, course discount and
 * price after discount (or the price), the coupon discount, and the amount to pay, large ("Free" at ₦0).
 * One row each, the name left and the amount right, so that a 375 px phone keeps them on one line.
 */
function Amounts({ amounts: a, code }: { amounts: CourseAmounts; code: string }) {
  const N = AMOUNT_NAMES;
  const row = (name: string, value: string, testId: string, note?: string) => (
    <div className="flex items-baseline justify-between gap-3" data-testid={testId}>
      <dt className="min-w-0 text-slate-700">
        <span>{name}</span>
        {/* the coupon's code may be long: on its own line, broken anywhere, never pushing the amount out */}
        {note ? <span className="block text-xs break-all text-slate-600">{note}</span> : null}
      </dt>
      <dd className="text-right whitespace-nowrap text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1 text-sm" data-testid="course-price">
      {a.courseDiscount > 0 ? (
        <>
          {row(N.fullPrice, formatKobo(a.fullPrice), "amount-full-price")}
          {row(
            `${N.courseDiscount} (${percentOf(a.courseDiscount, a.fullPrice)}%)`,
            `−${formatKobo(a.courseDiscount)}`,
            "amount-course-discount",
          )}
          {row(N.priceAfterDiscount, formatKobo(a.priceAfterDiscount), "amount-price-after-discount")}
        </>
      ) : (
        row(N.price, formatKobo(a.priceAfterDiscount), "amount-price")
      )}
      {row(
        N.couponDiscount,
        `−${formatKobo(a.couponDiscount)}`,
        "amount-coupon-discount",
        `${code} · ${a.couponPercent}%`,
      )}
      <div
        className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-slate-200 pt-2"
        data-testid="amount-to-pay"
      >
        {/* a phone keeps the name on one line; an amount too long for the line goes under it, right */}
        <dt className="font-semibold whitespace-nowrap text-slate-900">
          <span>{N.amountToPay}</span>
        </dt>
        <dd className="ml-auto text-right whitespace-nowrap">
          {a.amountPaid === 0 ? (
            <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
              {CHECKOUT_TEXTS.freeTotal}
            </span>
          ) : null}
          <span className="text-xl font-extrabold text-brand-800 tabular-nums sm:text-2xl">
            {formatKobo(a.amountPaid)}
          </span>
        </dd>
      </div>
    </dl>
  );
}
