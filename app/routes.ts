import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Routes are listed explicitly (conventions, "Not to copy": no file-name magic).
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("courses", "routes/courses.tsx"),
  route("showcase", "routes/showcase.tsx"),
  route("contact", "routes/contact.tsx"),
  // Accounts (spec public-area §2 "Sign-in (/login)", its sign-up URL /register; architecture "Identity").
  route("login", "routes/account/login.tsx"),
  route("register", "routes/account/register.tsx"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("logout", "routes/account/logout.tsx"),
  // The admin area (spec admin-back-office §2): every page behind the admin guard of the layout. Screens
  // not built yet share the coming-soon module (one route id per path).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/outbox", "routes/admin/outbox.tsx"),
    route("admin/outbox/:id", "routes/admin/outbox-message.tsx"),
    ...[
      "pmtalsLink/admin",
      "admin/course/:id",
      "admin/contacts",
      "admin/home",
      "admin/blog-teasers",
      "admin/instructor-ctas",
      "admin/faqs",
      "admin/about",
      "admin/newsletter",
      "add-course",
      "edit-course/:id",
      "coupons",
      "coupon-table",
      "coupons/view/:couponId",
      "admin/categories",
      "tickets",
      "admin/event/:id",
    ].map((path) => route(path, "routes/admin/coming-soon.tsx", { id: `admin-soon:${path}` })),
  ]),
  // Any signed-in user may write a post (spec admin §2 "Write post"), so it is outside the admin guard.
  route("admin/write", "routes/admin/write.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
