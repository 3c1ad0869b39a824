// The academy's contact details beside the form (brief: an e-mail address, a Lagos address, office hours).
export const CONTACT_EMAIL = "hello@techafrica.academy";

export function ContactDetails() {
  return (
    <aside
      aria-labelledby="contact-details-title"
      className="self-start rounded-2xl bg-brand-800 p-6 text-white sm:p-8"
    >
      <h2 id="contact-details-title" className="text-xl font-bold">
        Other ways to reach us
      </h2>
      <dl className="mt-6 space-y-6">
        <div>
          <dt className="text-sm font-bold uppercase tracking-widest text-amber-300">Email</dt>
          <dd className="mt-1">
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="font-semibold text-white underline underline-offset-4 hover:text-brand-100"
            >
              {CONTACT_EMAIL}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-bold uppercase tracking-widest text-amber-300">Visit us</dt>
          <dd className="mt-1 not-italic text-brand-50">
            <address className="not-italic">
              3rd floor, 14 Herbert Macaulay Way
              <br />
              Yaba, Lagos
              <br />
              Nigeria
            </address>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-bold uppercase tracking-widest text-amber-300">Office hours</dt>
          <dd className="mt-1 text-brand-50">
            Monday to Friday, 9:00 am to 5:00 pm WAT
            <br />
            Saturday, 10:00 am to 2:00 pm WAT
          </dd>
        </div>
      </dl>
      <p className="mt-8 rounded-lg bg-white/10 p-4 text-sm text-brand-50 ring-1 ring-white/20">
        Paid for a course or ticket and need help? Include your payment reference in your message.
      </p>
    </aside>
  );
}
