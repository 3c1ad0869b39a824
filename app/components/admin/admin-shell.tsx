import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { ADMIN_NAV, currentState } from "./admin-nav.ts";

const linkClass = (current: boolean) =>
  `block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
  }`;

/**
 * The admin area's frame: its navigation and the page's <main>. The navigation is a sidebar on wide
 * screens and a strip that scrolls sideways on phones (every entry one swipe or Tab away, without
 * JavaScript). The entry of the open page carries aria-current="page"; a page that belongs to an
 * entry (a coupon's detail page under "coupons") marks it with aria-current="true".
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the marked entry may sit beyond the strip's right edge: bring it into view, without
  // moving the page itself.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>("[aria-current]");
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - 16);
    }
  }, [pathname]);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 lg:px-8 lg:pt-8">
      <nav aria-label="Admin" className="border-b border-slate-200 pb-3 lg:border-b-0 lg:pb-0">
        <p className="hidden px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase lg:block">Admin</p>
        <ul
          ref={listRef}
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0"
        >
          {ADMIN_NAV.map((entry) => {
            const state = currentState(entry, pathname);
            return (
              <li key={entry.to} className="shrink-0">
                <Link to={entry.to} aria-current={state} className={linkClass(state !== undefined)} prefetch="intent">
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" className="min-w-0 pt-6 lg:pt-0">
        {children}
      </main>
    </div>
  );
}

/** The heading block every admin page starts with. */
export function AdminPageHeader({
  title,
  lead,
  children,
}: {
  title: React.ReactNode;
  lead?: React.ReactNode;
  /** actions shown beside the heading */
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">{title}</h1>
        {lead && <p className="mt-1 text-slate-600">{lead}</p>}
      </div>
      {children}
    </div>
  );
}

/** The title and robots tags of an admin page: "Users | Admin | TechAfrica", never indexed. */
export function adminMeta(title: string, siteName: string | undefined) {
  return [{ title: `${title} | Admin | ${siteName || "Academy"}` }, { name: "robots", content: "noindex" }];
}
