// The admin area's navigation (spec admin-back-office §2 "Admin navigation entries"): the spec's nine
// entries with their labels exactly as the spec's table names them, plus the six screens of our own
// back office (Dashboard, Posts, Users, Outbox, Refunds, Audit log). `related` lists the routes of the area that belong
// to an entry without being its own page (a coupon's detail page belongs to "coupons"), so that the
// entry stays marked while one of them is open.
import { matchPath } from "react-router";

export interface AdminNavEntry {
  /** the text of the link, exactly as the spec's table names the entry */
  label: string;
  to: string;
  /** route patterns that belong to this entry (marked with aria-current="true") */
  related?: readonly string[];
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { label: "Dashboard", to: "/admin" },
  {
    label: "courses",
    to: "/pmtalsLink/admin",
    related: ["/admin/course/:id", "/add-course", "/edit-course/:id"],
  },
  {
    label: "homePage",
    to: "/admin/home",
    related: ["/admin/blog-teasers", "/admin/instructor-ctas", "/admin/faqs"],
  },
  { label: "coupons", to: "/coupon-table", related: ["/coupons", "/coupons/view/:couponId"] },
  { label: "tickets", to: "/tickets", related: ["/admin/event/:id", "/admin/event/:id/check-in"] },
  { label: "contacts", to: "/admin/contacts" },
  { label: "about", to: "/admin/about" },
  { label: "writeblog", to: "/admin/write" },
  // every post, to edit or delete (issue 29)
  { label: "Posts", to: "/admin/posts" },
  { label: "subscribers", to: "/admin/newsletter" },
  { label: "blogcat", to: "/admin/categories" },
  { label: "Users", to: "/admin/users" },
  { label: "Outbox", to: "/admin/outbox", related: ["/admin/outbox/:id"] },
  { label: "Refunds", to: "/admin/refunds" },
  { label: "Audit log", to: "/admin/audit" },
];

/** "page" when the entry's own page is open, "true" when a page that belongs to it is, else undefined. */
export function currentState(entry: AdminNavEntry, pathname: string): "page" | "true" | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === entry.to) return "page";
  if (entry.related?.some((pattern) => matchPath({ path: pattern, end: true }, path))) return "true";
  return undefined;
}
