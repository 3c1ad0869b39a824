// The course detail's completions and certificates (issue 32): how many learners completed the course, the
// certificates issued (valid, revoked), each with its page, and Revoke or Issue again with a reason: plain
// forms (the course detail action's `certificate.revoke` / `certificate.reissue`), audited by the service.
import { Form, useNavigation } from "react-router";
import type { CourseCertificates } from "../../../contract/certificates/certificates.ts";
import { certificatePath, REVOKE_REASON_MAX } from "../../../contract/certificates/certificate-texts.ts";
import { formatLagosDay } from "../../../contract/lib/dates.ts";
import { Badge } from "../../components/admin/badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/form.tsx";

export const CERTIFICATE_INTENTS = { revoke: "certificate.revoke", reissue: "certificate.reissue" } as const;
export const CERTIFICATES_CSV_PATH = "/admin/certificates.csv";

type Answer = { ok: boolean; intent?: string; message?: string; formError?: string; values?: { id?: string } };

function ReasonForm({ id, intent, label, name }: { id: string; intent: string; label: string; name: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("id") === id;
  const field = `${intent}-${id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={field} className="sr-only">
        Reason to {label.toLowerCase()} the certificate of {name}
      </label>
      <input
        id={field}
        name="reason"
        required
        maxLength={REVOKE_REASON_MAX}
        placeholder="Reason"
        className="w-40 rounded-lg border border-slate-400 px-2 py-1 text-sm"
      />
      <button
        type="submit"
        aria-label={`${label}: ${name}`}
        aria-disabled={busy || undefined}
        className={buttonClass("ghost", "sm", "border border-slate-300")}
      >
        {busy ? "Working…" : label}
      </button>
    </Form>
  );
}

export function CourseCertificatesSection({ data, answer }: { data: CourseCertificates; answer: unknown }) {
  const mine = answer as Answer | undefined;
  const shown =
    mine && (mine.intent === CERTIFICATE_INTENTS.revoke || mine.intent === CERTIFICATE_INTENTS.reissue) ? mine : null;
  return (
    <section id="course-certificates" aria-labelledby="course-certificates-title" className="mt-10 scroll-mt-20">
      <h2 id="course-certificates-title" className="text-xl font-extrabold tracking-tight text-brand-950">
        Completions and certificates
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {data.completions} completed · {data.issued} certificate{data.issued === 1 ? "" : "s"} issued ({data.valid}{" "}
        valid, {data.revoked} revoked) ·{" "}
        <a className="font-medium text-brand-700 underline" href={CERTIFICATES_CSV_PATH} download>
          Download CSV (every course)
        </a>
      </p>
      {shown ? (
        <Notice tone={shown.ok ? "success" : "error"} className="mt-3 rounded-lg border px-4 py-3">
          {shown.ok ? shown.message : shown.formError}
        </Notice>
      ) : null}
      {data.certificates.length === 0 ? (
        <p className="mt-4 text-slate-600">No certificates yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Name on it
                </th>
                <th scope="col" className="py-2 pr-4">
                  E-mail
                </th>
                <th scope="col" className="py-2 pr-4">
                  Issued
                </th>
                <th scope="col" className="py-2 pr-4">
                  State
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.certificates.map((c) => (
                <tr key={c._id} className="align-top">
                  <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                    <a className="underline" href={certificatePath(c._id)}>
                      {c.name}
                    </a>
                  </th>
                  <td className="py-3 pr-4 break-all">{c.email}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatLagosDay(c.issuedAt)}</td>
                  <td className="py-3 pr-4">
                    {c.status === "valid" ? (
                      <Badge tone="green">Valid</Badge>
                    ) : (
                      <>
                        <Badge tone="red">Revoked</Badge>
                        <span className="mt-1 block text-slate-600">{c.revokedReason}</span>
                      </>
                    )}
                  </td>
                  <td className="space-y-2 py-3">
                    {c.status === "valid" ? (
                      <ReasonForm id={c._id} intent={CERTIFICATE_INTENTS.revoke} label="Revoke" name={c.name} />
                    ) : null}
                    <ReasonForm id={c._id} intent={CERTIFICATE_INTENTS.reissue} label="Issue again" name={c.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
