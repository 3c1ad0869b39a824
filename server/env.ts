// The one reader of process.env (conventions §10). Start fails with a clear message on bad config.
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "PORT must be a number, for example 3000" })
    .int()
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL must be an absolute URL such as https://academy.example" }).optional(),
  SITE_NAME: z.string().min(1, "SITE_NAME must not be empty").max(40, "SITE_NAME must be at most 40 characters").default("TechAfrica"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_ON_EMPTY: z
    .enum(["true", "false"], { error: "SEED_ON_EMPTY must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}

/** Values the browser may see; everything else stays on the server. */
export function publicEnv(env: Env) {
  return { SITE_NAME: env.SITE_NAME, PUBLIC_URL: env.PUBLIC_URL };
}

/** Settings read by the test tooling only (never by the running server). */
export function readTestEnv(source: Record<string, string | undefined> = process.env) {
  return {
    /** a PostgreSQL server URL: API tests then run against it instead of PGlite */
    TEST_DATABASE_URL: source.TEST_DATABASE_URL || undefined,
    /** the base URL browser tests and benchmarks use */
    E2E_BASE_URL: source.E2E_BASE_URL || undefined,
    CI: source.CI === "true" || source.CI === "1",
    CHROMIUM_PATH: source.CHROMIUM_PATH || "/usr/bin/chromium",
  };
}
