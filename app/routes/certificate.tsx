// /certificates/{id}, a certificate's public page (issue 32): what an employer opens from the QR code or a
// shared link, to see in seconds whether it is valid or revoked (with the date), the name, the course, the
// instructor and the date, without calling the academy. The PDF, the signed credential (Open Badges 3.0),
// "Add to LinkedIn" and a social card so a shared link shows the certificate. Server-rendered, readable
// without JavaScript; a forged or altered id is the error page's "Certificate not found".
import type { Route } from "./+types/certificate";
import { CERTIFICATE_MESSAGES as M, certificatePath } from "../../contract/certificates/certificate-texts.ts";
import { formatLagosDay } from "../../contract/lib/dates.ts";
import { socialImage } from "../../contract/lib/media-urls.ts";
import { buttonClass } from "../components/ui/button.tsx";
import type { ErrorTexts } from "../components/ui/error-page.tsx";
import { appContext } from "../lib/context.ts";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";

export const handle: { errorTexts: ErrorTexts } = {
  errorTexts: { titles: { 404: M.notFound }, back: { to: "/", label: "Go to the home page" } },
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, siteName, publicUrl } = context.get(appContext);
  const certificate = await services.certificates.get(params.id);
  const course = await services.catalog.getCourse(certificate.course._id).catch(() => null);
  return { certificate, courseImage: course?.img ?? null, siteName, origin: publicUrl };
}

export function headers() {
  return { "Cache-Control": "public, max-age=0, must-revalidate" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: M.notFound }, { name: "robots", content: "noindex" }];
  const { certificate: c, siteName, origin, courseImage } = loaderData;
  const state = c.status === "valid" ? M.valid : M.revoked;
  return pageMeta({
    title: `${state}: ${c.name}, ${c.course.title} | ${siteName}`,
    socialTitle: `${c.name} completed ${c.course.title}`,
    description:
      c.status === "valid"
        ? `${c.name} completed ${c.course.title} with ${c.instructor} at ${siteName} on ${formatLagosDay(c.issuedAt)}. Certificate ID ${c._id}.`
        : `This certificate of ${c.course.title} was revoked on ${formatLagosDay(c.revokedAt!)}.`,
    siteName,
    url: canonicalUrl(origin, certificatePath(c._id)),
    image: socialImage(courseImage, `Picture of the course “${c.course.title}”`, origin),
    // shared by its holder, not listed by search engines: a learner's name is theirs to show (decision 077)
    extra: [{ name: "robots", content: "noindex" }],
  });
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate: c, siteName } = loaderData;
  const valid = c.status === "valid";
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 outline-none sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{siteName} certificate</p>
      <div
        role="status"
        className={`mt-3 rounded-xl border-2 px-5 py-4 ${valid ? "border-green-700 bg-green-50" : "border-red-700 bg-red-50"}`}
      >
        <h1 className={`text-2xl font-extrabold ${valid ? "text-green-900" : "text-red-900"}`}>
          {valid ? `✓ ${M.valid}` : `✗ ${M.revoked}`}
        </h1>
        {valid ? (
          <p className="mt-1 text-green-900">Issued by {siteName}, checked against its records just now.</p>
        ) : (
          <p className="mt-1 text-red-900">
            {M.revokedOn(formatLagosDay(c.revokedAt!))}
            {c.revokedReason ? ` Reason: ${c.revokedReason}.` : ""}
            {c.replacedBy ? (
              <>
                {" "}
                {M.replaced}{" "}
                <a className="font-semibold underline" href={certificatePath(c.replacedBy)}>
                  the current certificate
                </a>
                .
              </>
            ) : null}
          </p>
        )}
      </div>

      <dl className="mt-8 grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-slate-600">Name</dt>
        <dd className="text-xl font-bold break-words text-brand-950">{c.name}</dd>
        <dt className="font-semibold text-slate-600">Course</dt>
        <dd className="break-words text-slate-900">{c.course.title}</dd>
        <dt className="font-semibold text-slate-600">Instructor</dt>
        <dd className="text-slate-900">{c.instructor}</dd>
        <dt className="font-semibold text-slate-600">Issued</dt>
        <dd className="text-slate-900">
          <time dateTime={c.issuedAt}>{formatLagosDay(c.issuedAt)}</time>
        </dd>
        <dt className="font-semibold text-slate-600">Certificate ID</dt>
        <dd className="font-mono text-sm break-all text-slate-900">{c._id}</dd>
      </dl>

      <div className="mt-8 flex flex-wrap gap-3">
        {valid ? (
          <>
            <a className={buttonClass("primary", "md")} href={c.pdfUrl}>
              Download the PDF
            </a>
            <a className={buttonClass("ghost", "md", "border border-slate-300")} href={c.linkedInUrl} rel="noopener">
              Add to LinkedIn
            </a>
          </>
        ) : null}
        <a className={buttonClass("ghost", "md", "border border-slate-300")} href={c.credentialUrl} download>
          Download the credential (Open Badges 3.0)
        </a>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        The credential is signed by {siteName} (did:web, key at{" "}
        <a className="underline" href="/.well-known/did.json">
          /.well-known/did.json
        </a>
        ) and can be checked offline by any Open Badges 3.0 verifier; its revocation is published at{" "}
        <a className="underline" href="/certificates/status/1">
          /certificates/status/1
        </a>
        .
      </p>
    </main>
  );
}
