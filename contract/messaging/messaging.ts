import { z } from "zod";
import { BODY_NOT_OBJECT, EmailSchema, textError } from "../lib/common.ts";

// spec public-area §5: newsletter email required, email type
export const NewsletterInputSchema = z.object({ email: EmailSchema }, { error: BODY_NOT_OBJECT });
export type NewsletterInput = z.input<typeof NewsletterInputSchema>;

// spec public-area §8: "Success: 'Thanks for subscribing!'"
export const NEWSLETTER_SUCCESS = "Thanks for subscribing!";
export const NewsletterResultSchema = z.object({ message: z.string(), email: z.string() });
export type NewsletterResult = z.infer<typeof NewsletterResultSchema>;

export const CONTACT_SUBJECTS = ["Course Inquiry", "Technical Support", "Other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

// spec public-area §5: email required; name optional; subject defaults to Course Inquiry
export const ContactInputSchema = z.object(
  {
    name: z
      .string({ error: "Name must be text" })
      .trim()
      .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    email: EmailSchema,
    subject: z
      .enum(CONTACT_SUBJECTS, { error: "Subject must be Course Inquiry, Technical Support or Other" })
      .default("Course Inquiry"),
    message: z
      .string({ error: textError("Message") })
      .trim()
      .min(1, "Message is required")
      .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
  },
  { error: BODY_NOT_OBJECT },
);
export type ContactInput = z.input<typeof ContactInputSchema>;

export const CONTACT_SUCCESS = "Thanks for your message! We will get back to you soon.";
export const ContactResultSchema = z.object({ _id: z.string(), message: z.string() });
export type ContactResult = z.infer<typeof ContactResultSchema>;
