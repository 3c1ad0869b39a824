// Every e-mail the site sends, made by the real builders (identity, receipt, ticket, streaming link)
// with the values a test gives: the MIME test sends them through the outbox transport, the browser test
// draws their HTML at 375 px. A hostile `name` shows the values are escaped everywhere.
import { existingAccountMail, passwordResetMail, verificationMail } from "../../server/features/auth/auth-mail.ts";
import type { MailInput } from "../../server/features/mail/mail.service.ts";
import { emailBrand } from "../../server/features/mail/templates/brand.ts";
import { receiptMail, streamLinkMail, ticketMail } from "../../server/features/tickets/emails.ts";
import { ticketCode, ticketKey, ticketQrPng } from "../../server/features/tickets/ticket-code.ts";

export interface SampleOptions {
  /** the recipient's name in every message */
  name: string;
  /** the event's name (the admin types it) */
  eventName?: string;
  /** the coupon's code on the receipt */
  couponCode?: string;
  publicUrl?: string;
  postalAddress?: string;
}

export type SampleKind = "verification" | "reset" | "existing" | "receipt" | "ticket" | "stream-link";

export interface Sample {
  kind: SampleKind;
  mail: MailInput;
}

const TO = "ngozi.okafor@example.com";
/** Saturday 16 March 2030, 4 pm in Lagos. */
export const SAMPLE_START = new Date("2030-03-16T15:00:00Z");
export const SAMPLE_STREAM_URL = "https://zoom.us/j/81234500001?pwd=AVeryLongStreamingPasswordThatMustWrapOnAPhone";
export const SAMPLE_REFERENCE = "TA-6b064ff06bc80cf2e6452660";

export async function emailSamples(options: SampleOptions): Promise<Sample[]> {
  const env = {
    SITE_NAME: "TechAfrica",
    PUBLIC_URL: options.publicUrl ?? "https://academy.example",
    MAIL_POSTAL_ADDRESS: options.postalAddress ?? "12 Marina Road, Lagos Island, Lagos, Nigeria",
  };
  const brand = emailBrand(env);
  const { name } = options;
  const eventName = options.eventName ?? "Lagos Demo Night";
  const code = ticketCode(ticketKey("k".repeat(32)), "6b064ff06bc80cf2e6452661");
  const token = "a".repeat(40);
  return [
    {
      kind: "verification",
      mail: await verificationMail({
        env,
        to: TO,
        name,
        url: `${env.PUBLIC_URL}/backend/api/auth/verify-email?token=${token}&callbackURL=%2Flogin%3Fverified%3D1`,
      }),
    },
    {
      kind: "reset",
      mail: await passwordResetMail({ env, to: TO, name, url: `${env.PUBLIC_URL}/reset-password?token=${token}` }),
    },
    { kind: "existing", mail: await existingAccountMail({ env, to: TO, name, url: `${env.PUBLIC_URL}/login` }) },
    {
      kind: "receipt",
      mail: await receiptMail({
        brand,
        to: TO,
        name,
        item: "Full-Stack Web Development (course)",
        priceKobo: 15_000_000,
        coupon: { code: options.couponCode ?? "LAGOS20", percent: 20 },
        amountKobo: 12_000_000,
        reference: SAMPLE_REFERENCE,
        paidAt: new Date("2030-01-05T22:30:00Z"),
        channel: "bank_transfer",
      }),
    },
    {
      kind: "ticket",
      mail: await ticketMail({
        brand,
        to: TO,
        name,
        eventName,
        ticketType: "VIP",
        quantity: 2,
        reference: SAMPLE_REFERENCE,
        startsAt: SAMPLE_START,
        code,
        qrPng: await ticketQrPng(code),
        streamUrl: SAMPLE_STREAM_URL,
        linkLater: false,
      }),
    },
    {
      kind: "stream-link",
      mail: await streamLinkMail({
        brand,
        to: TO,
        name,
        eventName,
        startsAt: SAMPLE_START,
        streamUrl: SAMPLE_STREAM_URL,
        reference: SAMPLE_REFERENCE,
      }),
    },
  ];
}
