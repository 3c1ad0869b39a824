import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { ADMIN_NAV, currentEntry, currentState } from "./admin-nav.ts";

const linkClass = (current: boolean) =>
  `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium transition-colors lg:min-h-0 ${
    current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
  }`;

/** The entries as links; the entry of the open page is marked, and carries its spec key (decision 064). */
function NavLinks({ pathname, className, onFollow }: { pathname: string; className: string; onFollow?: () => void }) {
  return (
    <ul className={className}>
      {ADMIN_NAV.map((entry) => {
        const state = currentState(entry, pathname);
        return (
          <li key={entry.key} className="min-w-0">
            <Link
              to={entry.to}
              data-nav-key={entry.key}
              aria-current={state}
              className={linkClass(state !== undefined)}
              prefetch="intent"
              onClick={onFollow}
            >
              {entry.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The admin area's frame: its navigation and the page's <main>. The navigation is a sidebar on wide
 * screens; on phones an "Admin menu" disclosure (a <details>, so it opens without JavaScript) naming
 * the open section, which opens onto every entry in two columns (issue 29: a strip that scrolled
 * sideways hid most entries past the screen's edge). The entry of the open page carries
 * aria-current="page"; a page that belongs to an entry (a coupon's detail page under Coupons) marks it
 * with aria-current="true".
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const current = currentEntry(pathname);
  // a page opened from the phone's menu comes with the menu closed, as it does without JavaScript
  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 lg:px-8 lg:pt-8">
      <nav aria-label="Admin">
        <details ref={menuRef} className="group lg:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <span className="min-w-0">
              <span className="font-semibold">Admin menu</span>
              {current ? (
                <span className="text-slate-600">
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, open: </span>
                  {current.label}
                </span>
              ) : null}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            >
              <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <NavLinks
            pathname={pathname}
            onFollow={closeMenu}
            className="mt-2 grid grid-cols-2 gap-1 border-b border-slate-200 pb-3"
          />
        </details>
        <div className="hidden lg:block">
          <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">Admin</p>
          <NavLinks pathname={pathname} className="flex flex-col gap-1" />
        </div>
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
