// The admin area's navigation (spec admin-back-office §2 "Admin navigation entries"): the spec's nine
// entries, plus the six screens of our own back office (Dashboard, Posts, Users, Outbox, Refunds, Audit
// log). The spec's table names its entries by keys ("homePage", "blogcat"); people read words, so each
// link shows a label and keeps its key as a stable id (`data-nav-key`; decision 064). `related` lists
// the routes of the area that belong to an entry without being its own page (a coupon's detail page
// belongs to "coupons"), so that the entry stays marked while one of them is open; a declared resource's
// screen belongs to the entry its declaration names (`nav`, contract/admin/resources.ts; decision 071).
import { matchPath } from "react-router";
import { RESOURCES } from "../../../contract/admin/resources.ts";

export interface AdminNavEntry {
  /** the spec's key for its entries (admin §2), our own for the others: never shown, never changed */
  key: string;
  /** the text of the link */
  label: string;
  to: string;
  /** route patterns that belong to this entry (marked with aria-current="true") */
  related?: readonly string[];
}

const ENTRIES: readonly AdminNavEntry[] = [
  { key: "dashboard", label: "Dashboard", to: "/admin" },
  {
    key: "courses",
    label: "Courses",
    to: "/pmtalsLink/admin",
    related: ["/admin/course/:id", "/add-course", "/edit-course/:id"],
  },
  { key: "homePage", label: "Home page", to: "/admin/home" },
  { key: "coupons", label: "Coupons", to: "/coupon-table", related: ["/coupons", "/coupons/view/:couponId"] },
  {
    key: "tickets",
    label: "Events and tickets",
    to: "/tickets",
    related: ["/admin/event/:id", "/admin/event/:id/check-in"],
  },
  { key: "contacts", label: "Contacts", to: "/admin/contacts" },
  { key: "about", label: "About page", to: "/admin/about" },
  { key: "writeblog", label: "Write a post", to: "/admin/write" },
  // every post, to edit or delete (issue 29)
  { key: "posts", label: "Posts", to: "/admin/posts" },
  { key: "subscribers", label: "Newsletter subscribers", to: "/admin/newsletter" },
  { key: "blogcat", label: "Categories", to: "/admin/categories" },
  { key: "users", label: "Users", to: "/admin/users" },
  { key: "outbox", label: "Outbox", to: "/admin/outbox", related: ["/admin/outbox/:id"] },
  { key: "refunds", label: "Refunds", to: "/admin/refunds" },
  { key: "audit", label: "Audit log", to: "/admin/audit" },
];

/** The entries, each with the screens of the declared resources that belong to it (the home page's FAQs...). */
export const ADMIN_NAV: readonly AdminNavEntry[] = ENTRIES.map((entry) => {
  const screens = RESOURCES.filter((spec) => spec.nav === entry.key && spec.adminPath !== entry.to).map(
    (spec) => spec.adminPath,
  );
  const related = [...(entry.related ?? []), ...new Set(screens)];
  return related.length > 0 ? { ...entry, related } : entry;
});

/** "page" when the entry's own page is open, "true" when a page that belongs to it is, else undefined. */
export function currentState(entry: AdminNavEntry, pathname: string): "page" | "true" | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === entry.to) return "page";
  if (entry.related?.some((pattern) => matchPath({ path: pattern, end: true }, path))) return "true";
  return undefined;
}

/** The entry marked for `pathname` (its own page, or one that belongs to it), if any. */
export function currentEntry(pathname: string): AdminNavEntry | undefined {
  return ADMIN_NAV.find((entry) => currentState(entry, pathname) !== undefined);
}
