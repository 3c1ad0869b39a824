// npm run seed: applies migrations, then replaces the demo content (users, posts, purchases,
// subscribers and contacts are kept; the demo blog is added only when there are no posts at all).
// `npm run seed -- --posts N` also adds N generated posts, for benchmarks. Refuses to run while a
// server holds the PGlite directory.
import { addGeneratedPosts } from "../server/db/seed/blog-generated.ts";
import { seed } from "../server/db/seed/seed-data.ts";
import { createMediaStore } from "../server/integrations/media/create-media-store.ts";
import { parseSeedArgs, SeedArgsError, type SeedArgs } from "./seed-args.ts";
import { withMigratedDatabase } from "./with-database.ts";

let args: SeedArgs | null = null;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SeedArgsError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

if (args) {
  const { posts } = args;
  withMigratedDatabase(async (database, env) => {
    const {
      posts: blogPosts,
      comments,
      ...counts
    } = await seed(database.db, { dataDir: env.DATA_DIR, store: createMediaStore(env) });
    const summary = Object.entries(counts)
      .map(([name, n]) => `${n} ${name}`)
      .join(", ");
    console.log(`seeded demo content: ${summary}`);
    console.log(
      blogPosts > 0
        ? `seeded the blog: ${blogPosts} posts, ${comments} comments`
        : "kept the blog's existing posts and comments",
    );
    if (posts !== null) {
      const added = await addGeneratedPosts(database.db, {
        count: posts,
        onProgress: (n) => {
          if (n % 5000 === 0 && n < posts) console.log(`  ${n} of ${posts} generated posts...`);
        },
      });
      console.log(`added ${added} generated posts`);
    }
  });
}
