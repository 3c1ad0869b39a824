// /contact (spec public-area §2 "Contact", §4, §5): the contact form, posted to this route's action so it
// works without JavaScript, and the academy's contact details.
import type { Route } from "./+types/contact";
import { CONTACT_LIMITS, CONTACT_SUBJECTS, ContactInputSchema } from "../../contract/messaging/messaging.ts";
import { appContext } from "../lib/context.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { failureFromError, parseForm } from "../lib/forms.server.ts";
import { retryAfterOf } from "../lib/meta.ts";
import { overPublicLimit } from "../features/blog/write-limits.server.ts";
import { ContactDetails } from "../features/contacts/contact-details.tsx";
import {
  CONTACT_FIELDS,
  CONTACT_LABELS,
  ContactForm,
  type ContactActionData,
  type ContactField,
  type ContactValues,
} from "../features/contacts/contact-form.tsx";

// The subjects and limits come from the contract through the loader, so the browser bundle does not
// carry zod for two constants.
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext);
  return { subjects: CONTACT_SUBJECTS, limits: CONTACT_LIMITS, origin: publicUrl };
}

// Schema: ContactInputSchema (contract/messaging/messaging.ts), the one schema of the API, this action and the
// form in the browser; services.contacts.create parses again and is the truth.
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const { services } = ctx;
  // A form shown again with its errors is a page rendered as asked: 200, not 422, which browsers log as a
  // failed resource load (a console error) for the fetcher's request and for the plain POST alike.
  const form = await parseForm(request, {
    schema: ContactInputSchema,
    fields: CONTACT_FIELDS,
    labels: CONTACT_LABELS,
    keep: CONTACT_FIELDS,
    summary: true,
    // an empty subject is the default one (spec §5)
    input: (fields) => ({ ...fields, subject: fields.subject || undefined }),
  });
  if (!form.ok) return form.failure;
  // CONTACT_RATE_LIMIT, shared with POST /backend/api/contact: 429, the wait, what was typed kept (issue 29)
  const over = await overPublicLimit(ctx, "contact", request, (message): ContactActionData => ({
    ok: false,
    formError: message,
    fieldErrors: {},
    values: form.values,
  }));
  if (over) return over;
  try {
    const saved = await services.contacts.create(form.data);
    return { ok: true, message: saved.message, values: {} } satisfies ContactActionData;
  } catch (error) {
    return failureFromError<ContactField, ContactValues>(error, form.values);
  }
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return retryAfterOf(actionHeaders);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section aria-labelledby="contact-title" className="relative isolate overflow-hidden bg-brand-800 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-linear-to-br from-brand-800 via-brand-700 to-slate-900"
        />
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-bold uppercase tracking-widest text-amber-300">Contact</p>
          <h1 id="contact-title" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Get in touch
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">
            Questions about a course, trouble with a payment, or an idea for us? Send a message and our team in Lagos
            will get back to you.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:px-8">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <div className="mt-6">
            <ContactForm subjects={loaderData.subjects} limits={loaderData.limits} actionData={actionData} />
          </div>
        </section>
        <ContactDetails />
      </div>
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName || "Academy";
  return pageMeta({
    title: `Contact us | ${siteName}`,
    description: `Contact ${siteName}: course questions, technical support and everything else. Write to us or visit our office in Lagos.`,
    siteName,
    url: canonicalUrl(loaderData?.origin ?? "", "/contact"),
  });
}
