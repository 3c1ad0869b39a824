// /account's certificates (issue 32): each certificate with its state, its page, its PDF, its credential and
// "Add to LinkedIn"; and the name printed on them, a plain form (the account action's `certificate.name`):
// a new name issues each valid certificate again with it.
import { Form, useNavigation } from "react-router";
import type { AccountCertificates } from "../../../contract/certificates/certificates.ts";
import { CERTIFICATE_NAME_MAX, certificatePath } from "../../../contract/certificates/certificate-texts.ts";
import { formatLagosDay } from "../../../contract/lib/dates.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/form.tsx";

export const CERTIFICATE_NAME_INTENT = "certificate.name";

const link = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export interface NameAnswer {
  intent?: string;
  ok: boolean;
  message?: string;
  formError?: string;
}

export function AccountCertificatesSection({
  data,
  answer,
  sectionTitle,
}: {
  data: AccountCertificates;
  answer: NameAnswer | undefined;
  sectionTitle: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === CERTIFICATE_NAME_INTENT;
  const mine = answer?.intent === CERTIFICATE_NAME_INTENT ? answer : undefined;
  return (
    <section aria-labelledby="my-certificates" className="mt-12">
      <h2 id="my-certificates" className={sectionTitle}>
        Certificates
      </h2>
      {data.certificates.length > 0 ? (
        <ul className="mt-5 space-y-4">
          {data.certificates.map((c) => (
            <li key={c._id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold break-words text-slate-900">{c.course.title}</h3>
              <p className="mt-1 text-sm text-slate-700">
                {c.name} · issued {formatLagosDay(c.issuedAt)} ·{" "}
                {c.status === "valid" ? (
                  <strong className="text-green-800">Valid</strong>
                ) : (
                  <strong className="text-red-800">Revoked {formatLagosDay(c.revokedAt!)}</strong>
                )}
              </p>
              <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                <a className={link} href={certificatePath(c._id)} aria-label={`View certificate: ${c.course.title}`}>
                  View certificate
                </a>
                {c.status === "valid" ? (
                  <>
                    <a className={link} href={c.pdfUrl} aria-label={`Download PDF: ${c.course.title}`}>
                      Download PDF
                    </a>
                    <a
                      className={link}
                      href={c.linkedInUrl}
                      rel="noopener"
                      aria-label={`Add to LinkedIn: ${c.course.title}`}
                    >
                      Add to LinkedIn
                    </a>
                  </>
                ) : null}
                <a
                  className={link}
                  href={c.credentialUrl}
                  download
                  aria-label={`Digital credential (JSON): ${c.course.title}`}
                >
                  Digital credential (JSON)
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">
          Complete a course to earn its certificate: it appears here, with its PDF, and comes by e-mail.
        </p>
      )}
      <Form method="post" action="/account" className="mt-6 max-w-xl" preventScrollReset>
        <input type="hidden" name="intent" value={CERTIFICATE_NAME_INTENT} />
        <label htmlFor="certificate-name" className="block font-semibold text-slate-900">
          Name on your certificates
        </label>
        <p id="certificate-name-hint" className="mt-1 text-sm text-slate-600">
          As it should be printed, with its accents (for example Adébáyọ̀). Changing it issues your certificates again
          with the new name.
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          <input
            id="certificate-name"
            name="name"
            defaultValue={data.name}
            required
            maxLength={CERTIFICATE_NAME_MAX}
            autoComplete="name"
            aria-describedby="certificate-name-hint"
            aria-invalid={mine && !mine.ok ? true : undefined}
            className="min-w-0 flex-1 rounded-lg border border-slate-400 px-3 py-2"
          />
          <button type="submit" className={buttonClass("primary", "md")} aria-disabled={busy || undefined}>
            {busy ? "Saving…" : "Save name"}
          </button>
        </div>
        {mine ? (
          <Notice tone={mine.ok ? "success" : "error"} className="mt-3">
            {mine.ok ? mine.message : mine.formError}
          </Notice>
        ) : null}
      </Form>
    </section>
  );
}
