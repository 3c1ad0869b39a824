// The certificate's e-mail (issue 32), made with the e-mail kit as the other messages are: the course, the
// date, the verification address, LinkedIn's add-to-profile link, and the PDF attached.
import type { Certificate } from "../../../contract/certificates/certificates.ts";
import { formatLagosDay } from "../../../contract/lib/dates.ts";
import type { MailInput } from "../mail/mail.service.ts";
import type { EmailBrand } from "../mail/templates/brand.ts";
import { composeEmail } from "../mail/templates/compose.ts";

export function certificateMail(m: {
  brand: EmailBrand;
  to: string;
  certificate: Certificate;
  pdf: Buffer;
}): Promise<MailInput> {
  const c = m.certificate;
  return composeEmail(m.brand, {
    to: m.to,
    kind: "certificate",
    subject: `Your certificate: ${c.course.title}`,
    preview: `Congratulations: you completed ${c.course.title}. Your certificate is attached.`,
    heading: "Congratulations: you completed the course",
    name: c.name,
    blocks: [
      {
        kind: "paragraph",
        text: `You completed ${c.course.title}. Your certificate is attached as a PDF; anyone can check it at its address.`,
      },
      {
        kind: "details",
        rows: [
          { label: "Name", value: c.name },
          { label: "Course", value: c.course.title },
          { label: "Instructor", value: c.instructor },
          { label: "Issued", value: formatLagosDay(c.issuedAt) },
          { label: "Certificate ID", value: c._id },
        ],
      },
      { kind: "button", label: "View your certificate", url: c.url, spellOut: true },
      { kind: "button", label: "Add to LinkedIn", url: c.linkedInUrl },
      {
        kind: "note",
        text: "Your account page (Certificates) has the PDF and the digital credential, and lets you choose the name printed on it.",
      },
    ],
    reason: `You got this e-mail because you completed a course at ${m.brand.name}.`,
    attachments: [{ filename: `certificate-${c._id}.pdf`, contentType: "application/pdf", content: m.pdf }],
  });
}
