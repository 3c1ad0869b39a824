// The page of a screen on a service of its own (issue 30; the coupons): its heading with a link to its
// other screen, its add form when it has one, and its list under a heading (shown with a count line, or
// for screen readers only when the page's heading says it all).
import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";

export function AdaptedScreen({
  title,
  lead,
  link,
  add,
  list,
  children,
}: {
  title: string;
  lead: string;
  /** the other screen of the same items (a primary button, or a plain one) */
  link: { to: string; label: string; primary?: boolean };
  add?: React.ReactNode;
  /** the list's heading id and words, and the line under it (none: the heading is for screen readers) */
  list: { id: string; title: string; count?: string };
  children: React.ReactNode;
}) {
  return (
    <>
      <AdminPageHeader title={title} lead={lead}>
        <Link
          to={link.to}
          className={
            link.primary ? buttonClass("primary", "md") : buttonClass("ghost", "md", "border border-slate-300")
          }
        >
          {link.label}
        </Link>
      </AdminPageHeader>
      {add}
      <section aria-labelledby={list.id} className={list.count ? "mt-12" : "mt-6"}>
        <h2 id={list.id} className={list.count ? "text-xl font-extrabold tracking-tight text-brand-950" : "sr-only"}>
          {list.title}
        </h2>
        {list.count ? <p className="text-sm text-slate-600">{list.count}</p> : null}
        {children}
      </section>
    </>
  );
}
