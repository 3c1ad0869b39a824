// The first path segments a post's slug must not take (issue 16): a post lives at /{slug}, and static
// paths rank first, so a post at /admin or /login would never be reached. Here, not read from
// app/pages.ts, so that the server (posts-write.service.ts) does not depend on the web's route table;
// app/pages.test.ts checks that this list covers every page's first segment.

/** The first segment of every page in app/pages.ts, lower case (React Router matches paths case-insensitively). */
export const PAGE_SEGMENTS = [
  "about",
  "account",
  "add-course",
  "admin",
  "blog",
  "certificates",
  "contact",
  "coupon-table",
  "coupons",
  "courses",
  "edit-course",
  "forgot-password",
  "learn",
  "login",
  "logout",
  "newsletter",
  "pmtalslink",
  "posts",
  "register",
  "reset-password",
  "saved",
  "showcase",
  "tickets",
  "unsubscribe",
  "verify-payment",
  "write",
] as const;

/** What the server answers itself, before any page: the API, uploads, built assets, feeds and the like. */
export const SERVER_SEGMENTS = ["backend", "media", "assets", "api", "rss", "sitemap", "robots", "favicon"] as const;

export const RESERVED_SLUGS: ReadonlySet<string> = new Set<string>([...PAGE_SEGMENTS, ...SERVER_SEGMENTS]);
