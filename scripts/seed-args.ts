// The arguments of `npm run seed`: none (the demo content), or `--posts N` (also add N generated
// posts for benchmarks). Anything else is refused with one line saying why.
import { GENERATED_MAX } from "../server/db/seed/blog-generated.ts";

export const SEED_USAGE = "usage: npm run seed [-- --posts N]";

export class SeedArgsError extends Error {}

export interface SeedArgs {
  /** how many generated posts to add; null for none */
  posts: number | null;
}

function postsCount(value: string | undefined): number {
  const message = `--posts needs a whole number from 1 to ${GENERATED_MAX}`;
  if (value === undefined) throw new SeedArgsError(`${message}; ${SEED_USAGE}`);
  const n = /^[0-9]{1,7}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > GENERATED_MAX) {
    throw new SeedArgsError(`${message}, not ${JSON.stringify(value)}`);
  }
  return n;
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let posts: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === "--posts") value = argv[++i];
    else if (arg.startsWith("--posts=")) value = arg.slice("--posts=".length);
    else throw new SeedArgsError(`unknown argument ${JSON.stringify(arg)}; ${SEED_USAGE}`);
    if (posts !== null) throw new SeedArgsError(`--posts given twice; ${SEED_USAGE}`);
    posts = postsCount(value);
  }
  return { posts };
}
