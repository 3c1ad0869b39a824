import { z } from "zod";
import { EmailSchema } from "./common.ts";

// spec public-area §5: newsletter email required, email type
export const NewsletterInputSchema = z.object({ email: EmailSchema });
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;

export const CONTACT_SUBJECTS = ["Course Inquiry", "Technical Support", "Other"] as const;
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

// spec public-area §5: email required; name optional; subject defaults to Course Inquiry
export const ContactInputSchema = z.object({
  name: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: EmailSchema,
  subject: z
    .enum(CONTACT_SUBJECTS, { error: "Subject must be Course Inquiry, Technical Support or Other" })
    .default("Course Inquiry"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});
export type ContactInput = z.input<typeof ContactInputSchema>;
