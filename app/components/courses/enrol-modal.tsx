import { useState } from "react";
import { Link } from "react-router";
import type { Course } from "../../../contract/catalog.ts";
import { Button } from "../ui/button.tsx";
import { Field, FieldShell, controlClass } from "../ui/form.tsx";
import { Icon } from "../ui/icons.tsx";
import { Modal } from "../ui/modal.tsx";
import { CoursePrice } from "./course-price.tsx";

// Payment and coupons arrive in a later issue: until then the modal says so rather than pretend.
const PAYMENT_SOON = "Online payment is coming soon. Contact us to enrol.";
const COUPON_SOON = "Coupon codes can be applied once online payment opens.";

/**
 * The enrol modal (spec §2 "Enrol modal", §4). Mounted per opening, so every opening starts with empty
 * fields and no coupon state. Fields are not validated before Pay Now (spec §5).
 */
export function EnrolModal({ course, onClose }: { course: Course; onClose: () => void }) {
  const [status, setStatus] = useState<string | null>(null);
  const [couponMessage, setCouponMessage] = useState<string | null>(null);

  return (
    <Modal labelledBy="enrol-title" describedBy="enrol-price" onClose={onClose}>
      <form
        noValidate
        className="relative p-6 sm:p-7"
        onSubmit={(event) => {
          event.preventDefault();
          setStatus(PAYMENT_SOON);
        }}
      >
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
        <div id="enrol-price" className="mt-2">
          <CoursePrice course={course} size="lg" />
        </div>

        <div className="mt-6 space-y-4">
          <Field id="enrol-name" name="fullName" label="Full Name" look="modal" autoComplete="name" data-autofocus />
          <Field
            id="enrol-phone"
            name="phone"
            label="Phone Number"
            look="modal"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
          />
          <Field id="enrol-email" name="email" label="Email" look="modal" type="email" autoComplete="email" />
          <FieldShell id="enrol-coupon" label="Coupon Code" look="modal">
            {({ invalid, ...control }) => (
              <>
                <div className="mt-1 flex gap-2">
                  <input
                    {...control}
                    name="coupon"
                    autoComplete="off"
                    className={controlClass("modal", invalid).replace("mt-1 ", "")}
                    aria-describedby={couponMessage ? "enrol-coupon-message" : undefined}
                  />
                  <Button variant="secondary" onClick={() => setCouponMessage(COUPON_SOON)}>
                    Apply
                  </Button>
                </div>
                <p id="enrol-coupon-message" role="status" className="mt-2 text-sm text-slate-700 empty:hidden">
                  {couponMessage}
                </p>
              </>
            )}
          </FieldShell>
        </div>

        <div role="status" className="empty:hidden">
          {status && (
            <p className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {status}{" "}
              <Link to="/contact" className="font-semibold underline">
                Contact us
              </Link>
            </p>
          )}
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg">
            Pay Now
          </Button>
        </div>
      </form>
    </Modal>
  );
}
