// Every page of the site with who may open it (issue 7 "Access, declared on each route, denied by
// default"; decision 013). Plain data: app/routes.ts builds React Router's route config from it, and the
// root middleware (app/lib/page-access.server.ts) matches each request against it before any loader or
// action runs. A page (or layout) without a valid `access` is refused. Routes are listed explicitly
// (conventions, "Not to copy": no file-name magic).
import { RESOURCES } from "../contract/admin/resources.ts";
import type { Access } from "../server/http/define-route.ts";

export type { Access } from "../server/http/define-route.ts";

export interface PageEntry {
  /** the URL path, relative to the parent entry; absent for a layout or an index page */
  path?: string;
  index?: true;
  /** the route module, relative to app/ */
  file: string;
  /** a route id of its own, when one module serves several paths */
  id?: string;
  /**
   * public: anyone; user: signed in (else /login and back); admin: the admin role (else 403
   * 'Access Denied: Admins only.'). A layout's level applies to every page inside it.
   */
  access: Access;
  /**
   * "render": a `user` page that shows its own signed-out message (with a sign-in link) instead of
   * sending to /login. Only reading it is open: a form post to it still needs a signed-in user.
   */
  whenSignedOut?: "render";
  children?: readonly PageEntry[];
}

/**
 * The admin pages, and a screen of its own for each declared resource (contract/admin/resources.ts) at an
 * address none of them is at: spec admin §2 "Blog teasers admin", "Instructor calls to action admin",
 * "FAQs admin" (issues 16, 29), all one module, the kit's screen (decision 071).
 */
function withResourceScreens(pages: readonly PageEntry[]): readonly PageEntry[] {
  const taken = new Set(pages.map((page) => `/${page.path ?? ""}`));
  const addresses = [...new Set(RESOURCES.map((spec) => spec.adminPath))].filter((path) => !taken.has(path));
  const screens = addresses.map((path) => ({
    path: path.slice(1),
    file: "routes/admin/resource.tsx",
    id: `resource${path}`,
    access: "admin" as const,
  }));
  return [...pages, ...screens];
}

export const PAGES: readonly PageEntry[] = [
  { index: true, file: "routes/home.tsx", access: "public" },
  { path: "about", file: "routes/about.tsx", access: "public" },
  { path: "courses", file: "routes/courses.tsx", access: "public" },
  // A course's own page, and learning it (issue 31): a refused lesson shows the outline and Enroll Now
  // (the learning service decides who may open a lesson); Mark complete posts as a signed-in user.
  { path: "courses/:id", file: "routes/course.tsx", access: "public" },
  { path: "learn/:courseId", file: "routes/learn.tsx", access: "public" },
  { path: "learn/:courseId/:lessonId", file: "routes/lesson.tsx", access: "public" },
  // A certificate's public page (issue 32): valid or revoked, for anyone with its address (its QR code).
  { path: "certificates/:id", file: "routes/certificate.tsx", access: "public" },
  { path: "showcase", file: "routes/showcase.tsx", access: "public" },
  { path: "contact", file: "routes/contact.tsx", access: "public" },
  // spec public-area §2 "Payment verification (/verify-payment)"
  { path: "verify-payment", file: "routes/verify-payment.tsx", access: "public" },
  // The newsletter e-mails' links (issue 19; decision 037): GET asks, POST confirms or unsubscribes.
  { path: "newsletter/confirm", file: "routes/newsletter-confirm.tsx", access: "public" },
  { path: "unsubscribe", file: "routes/unsubscribe.tsx", access: "public" },
  // The blog (spec public-area §2 "Blog page", "Post list", "Single post page").
  { path: "blog", file: "routes/blog.tsx", access: "public" },
  { path: "posts", file: "routes/posts.tsx", access: "public" },
  // Accounts (spec public-area §2 "Sign-in (/login)", its sign-up URL /register; architecture "Identity").
  { path: "login", file: "routes/account/login.tsx", access: "public" },
  { path: "register", file: "routes/account/register.tsx", access: "public" },
  { path: "forgot-password", file: "routes/account/forgot-password.tsx", access: "public" },
  { path: "reset-password", file: "routes/account/reset-password.tsx", access: "public" },
  { path: "logout", file: "routes/account/logout.tsx", access: "public" },
  // The learner's courses, tickets and receipts (issue 9; decision 018). Signed out: /login and back.
  { path: "account", file: "routes/account/index.tsx", access: "user" },
  // The signed-in user's saved posts (issue 10), from the user menu. Signed out: /login and back.
  { path: "saved", file: "routes/saved.tsx", access: "user" },
  // The admin area (spec admin-back-office §2 "Admin area routes": "wrapped in a signed-in guard and an
  // admin layout"). The layout's own loader checks again (defence in depth).
  {
    file: "routes/admin/layout.tsx",
    access: "admin",
    children: withResourceScreens([
      { path: "admin", file: "routes/admin/dashboard.tsx", access: "admin" },
      // the dashboard's figures as CSV files (issue 17 "Figures and exports"; decision 038): a resource route
      { path: "admin/figures/:file", file: "routes/admin/figures-csv.ts", access: "admin" },
      // per course: completions and certificates (issue 32)
      { path: "admin/certificates.csv", file: "routes/admin/certificates-csv.ts", access: "admin" },
      { path: "admin/users", file: "routes/admin/users.tsx", access: "admin" },
      { path: "admin/outbox", file: "routes/admin/outbox.tsx", access: "admin" },
      { path: "admin/outbox/:id", file: "routes/admin/outbox-message.tsx", access: "admin" },
      // spec admin §2 "Events and talents admin, tickets" (issue 18): events and talents, declared (decisions 029, 036)
      { path: "tickets", file: "routes/admin/tickets.tsx", access: "admin" },
      // spec admin §2 "Event admin detail" (issue 18; decision 036), and the door's check-in (beyond the spec)
      { path: "admin/event/:id", file: "routes/admin/event-detail.tsx", access: "admin" },
      { path: "admin/event/:id/check-in", file: "routes/admin/event-check-in.tsx", access: "admin" },
      // spec admin §2 "Contacts admin" (issue 19; decision 033)
      { path: "admin/contacts", file: "routes/admin/contacts.tsx", access: "admin" },
      // spec admin §2 "Newsletter admin" (issue 19; decision 037)
      { path: "admin/newsletter", file: "routes/admin/newsletter.tsx", access: "admin" },
      // spec admin §2 "Categories admin" (issue 10; decision 020)
      { path: "admin/categories", file: "routes/admin/categories.tsx", access: "admin" },
      // spec admin §2 "Carousel admin", "Hero and experts panel" (issue 16; decision 029: declared
      // resources); the home page's other lists have screens of their own (resourceScreens below)
      { path: "admin/home", file: "routes/admin/home.tsx", access: "admin" },
      { path: "admin/about", file: "routes/admin/about.tsx", access: "admin" },
      // spec admin §2 "Course admin manager", "Simple course add/edit form", "Course admin detail" (issue 17;
      // decision 032): the manager, the simple form (one module, two paths) and a course's purchases
      { path: "pmtalsLink/admin", file: "routes/admin/courses.tsx", access: "admin" },
      { path: "add-course", file: "routes/admin/course-edit.tsx", access: "admin" },
      { path: "edit-course/:id", file: "routes/admin/course-edit.tsx", id: "edit-course", access: "admin" },
      { path: "admin/course/:id", file: "routes/admin/course-detail.tsx", access: "admin" },
      // a course's chapters and lessons, built by the admins (issue 31)
      { path: "admin/course/:id/content", file: "routes/admin/course-content.tsx", access: "admin" },
      // a course's completions and certificates, revoked or issued again (issue 32)
      { path: "admin/course/:id/certificates", file: "routes/admin/certificates.tsx", access: "admin" },
      // a quiz lesson's questions and figures (issue 32)
      { path: "admin/course/:id/quiz/:lessonId", file: "routes/admin/quiz.tsx", access: "admin" },
      // spec admin §2 "Coupon manager (/coupons) and coupon table (/coupon-table)", "Coupon detail" (issue
      // 17; decision 034)
      { path: "coupons", file: "routes/admin/coupons.tsx", access: "admin" },
      { path: "coupon-table", file: "routes/admin/coupon-table.tsx", access: "admin" },
      { path: "coupons/view/:couponId", file: "routes/admin/coupon-detail.tsx", access: "admin" },
      // the refunds not settled, with Retry (issue 29, beyond the spec; decision 051)
      { path: "admin/refunds", file: "routes/admin/refunds.tsx", access: "admin" },
      // every post, with filters, to edit or delete (issue 29, beyond the spec)
      { path: "admin/posts", file: "routes/admin/posts.tsx", access: "admin" },
      // what admins did (issue 16 "Audit log", beyond the spec)
      { path: "admin/audit", file: "routes/admin/audit.tsx", access: "admin" },
    ]),
  },
  // Any signed-in user may write a post (spec admin §2 "Write post", §6 "Signed-in user: may create
  // posts"), so it is outside the admin layout. Signed out it shows the spec's 'You must be logged in to
  // create a post!' with a sign-in link, rather than sending to /login. /admin/write is the spec's
  // address (the admins' "writeblog" entry, in the admin frame); /write is the same page for everyone,
  // where the user menu and /blog lead (decision 023).
  { path: "admin/write", file: "routes/admin/write.tsx", access: "user", whenSignedOut: "render" },
  { path: "write", file: "routes/admin/write.tsx", id: "write", access: "user", whenSignedOut: "render" },
  // A single post at /{slug}: any one-segment address no page above claims (static paths rank first).
  { path: ":slug", file: "routes/post.tsx", access: "public" },
  { path: "*", file: "routes/not-found.tsx", access: "public" },
];
