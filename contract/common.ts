// Shared zod pieces (conventions §4). Plain zod: usable by the server and, where light enough, the web.
import { z } from "zod";

export const IdSchema = z.string().regex(/^[0-9a-f]{24}$/, "Must be a 24-character id");

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
