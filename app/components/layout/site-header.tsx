import { useDisclosure } from "../../lib/use-disclosure.ts";
import { NavLink, useLocation } from "react-router";
import type { Viewer } from "../../../contract/account/auth.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { buttonClass } from "../ui/button.tsx";
import { Icon } from "../ui/icons.tsx";
import { Logo } from "./logo.tsx";
import { LOGIN_ITEM, NAV_ITEMS } from "./nav-links.ts";
import { MobileAccount, UserMenu } from "./user-menu.tsx";

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"
  }`;

/** `viewer`: the signed-in user (a user menu instead of the Login link, spec §2), or null. */
export function SiteHeader({ siteName, viewer }: { siteName: string; viewer: Viewer | null }) {
  // a new page starts with the menus closed, however it was reached (also a sign-out that lands on the
  // same path: every navigation has its own key)
  const { key: pageKey } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo siteName={siteName} />
        <nav aria-label="Main" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.filter((item) => !item.mobileOnly).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={desktopLink} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {viewer ? null : (
              <li className="ml-2">
                <NavLink to={LOGIN_ITEM.to} className={buttonClass("primary", "sm", "px-4")}>
                  {LOGIN_ITEM.label}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        {viewer ? (
          <div className="hidden lg:block">
            <UserMenu key={pageKey} viewer={viewer} />
          </div>
        ) : null}
        <MobileMenu key={pageKey} viewer={viewer} />
      </div>
    </header>
  );
}

const MENU_ID = "mobile-menu";

function MenuLinks({ viewer, onNavigate }: { viewer: Viewer | null; onNavigate?: () => void }) {
  return (
    <nav
      id={MENU_ID}
      aria-label="Mobile"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg"
    >
      <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={mobileLink} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {viewer ? (
          <li>
            <MobileAccount viewer={viewer} onNavigate={onNavigate} />
          </li>
        ) : (
          <li className="pt-2">
            <NavLink to={LOGIN_ITEM.to} className={buttonClass("primary", "lg", "w-full")} onClick={onNavigate}>
              {LOGIN_ITEM.label}
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

const toggleClass =
  "inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100";

/**
 * The hamburger menu below the lg breakpoint. Before JavaScript it is a <details> (works without it);
 * once hydrated, a button with aria-expanded that closes on a link click and on Escape.
 */
function MobileMenu({ viewer }: { viewer: Viewer | null }) {
  const hydrated = useHydrated();
  const { open, setOpen, buttonRef } = useDisclosure();

  if (!hydrated) {
    return (
      <details className="lg:hidden">
        <summary className={`${toggleClass} list-none [&::-webkit-details-marker]:hidden`}>
          <Icon name="menu" />
          Menu
        </summary>
        <MenuLinks viewer={viewer} />
      </details>
    );
  }
  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className={toggleClass}
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? "close" : "menu"} />
        Menu
      </button>
      {open && <MenuLinks viewer={viewer} onNavigate={() => setOpen(false)} />}
    </div>
  );
}
