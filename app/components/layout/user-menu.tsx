// The signed-in user in the header (spec public-area §2: "a user menu is shown when signed in"; §3
// "Signed-in user | username, imageUrl, publicMetadata.role"): picture or initial, username, My account
// (/account: courses, tickets, receipts), Saved posts (/saved), Write a post (/write: every signed-in user
// may write, admin-back-office §1; decision 023), an Admin link for admins (§6) and Sign out. Server-rendered;
// like the mobile menu it is a <details> until React hydrates, then a disclosure button that closes on
// Escape and on a click elsewhere.
import { useDisclosure } from "../../lib/use-disclosure.ts";
import { Form, NavLink } from "react-router";
import type { Viewer } from "../../../contract/account/auth.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Icon } from "../ui/icons.tsx";
import { MediaImage } from "../ui/media-image.tsx";
import { WRITE_ITEM } from "./nav-links.ts";

export function isAdminViewer(viewer: Viewer): boolean {
  return viewer.publicMetadata.role === "admin";
}

/** The user's picture, or the first letter of the username on a coloured disc. Decorative: the name is beside it. */
export function Avatar({ viewer, size = "md" }: { viewer: Viewer; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-10 text-lg" : "size-8 text-sm";
  if (viewer.imageUrl) {
    return (
      <MediaImage
        src={viewer.imageUrl}
        alt=""
        width={size === "lg" ? 40 : 32}
        height={size === "lg" ? 40 : 32}
        priority
        className={`${box} shrink-0 rounded-full bg-slate-200 object-cover`}
        data-testid="user-avatar"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white uppercase`}
    >
      {viewer.username.slice(0, 1)}
    </span>
  );
}

/** Sign out is a POST (no link or prefetch can sign anyone out); without JavaScript a plain form post. */
export function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout" className="contents">
      <button type="submit" className={className}>
        Sign out
      </button>
    </Form>
  );
}

const MENU_ID = "user-menu";

/** The learner's courses, tickets and receipts (/account). */
const ACCOUNT_LINK = "My account";
/** The posts the user saved (/saved). */
const SAVED_LINK = "Saved posts";

const toggleClass =
  "inline-flex max-w-56 cursor-pointer items-center gap-2 rounded-full border border-slate-300 py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-100";

const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100";

function Panel({ viewer, onNavigate }: { viewer: Viewer; onNavigate?: () => void }) {
  return (
    <div
      id={MENU_ID}
      className="absolute top-full right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
    >
      <p className="border-b border-slate-200 px-3 pt-1 pb-3 text-sm text-slate-600">
        Signed in as
        <span className="block truncate font-semibold text-slate-900">{viewer.username}</span>
        <span className="block truncate">{viewer.email}</span>
      </p>
      <ul className="mt-2 space-y-1">
        <li>
          <NavLink to="/account" end className={itemClass} onClick={onNavigate}>
            {ACCOUNT_LINK}
          </NavLink>
        </li>
        <li>
          <NavLink to="/saved" end className={itemClass} onClick={onNavigate}>
            {SAVED_LINK}
          </NavLink>
        </li>
        <li>
          <NavLink to={WRITE_ITEM.to} end className={itemClass} onClick={onNavigate}>
            {WRITE_ITEM.label}
          </NavLink>
        </li>
        {isAdminViewer(viewer) ? (
          <li>
            <NavLink to="/admin" className={itemClass} onClick={onNavigate}>
              Admin
            </NavLink>
          </li>
        ) : null}
        <li>
          <SignOutButton className={`${itemClass} cursor-pointer`} />
        </li>
      </ul>
    </div>
  );
}

function ToggleContent({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <Avatar viewer={viewer} />
      <span className="sr-only">Account menu for </span>
      <span className="truncate">{viewer.username}</span>
      <Icon name="chevron" className="size-4 shrink-0" />
    </>
  );
}

/** The wide-screen user menu (the mobile menu lists the same things, see MobileAccount). */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const hydrated = useHydrated();
  // A click or focus outside the menu closes it.
  const { open, setOpen, rootRef, buttonRef } = useDisclosure({ closeOnOutside: true });

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${toggleClass} list-none [&::-webkit-details-marker]:hidden`}>
          <ToggleContent viewer={viewer} />
        </summary>
        <Panel viewer={viewer} />
      </details>
    );
  }
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={toggleClass}
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen((o) => !o)}
      >
        <ToggleContent viewer={viewer} />
      </button>
      {open && <Panel viewer={viewer} onNavigate={() => setOpen(false)} />}
    </div>
  );
}

/** The signed-in user's part of the mobile menu: everything in view at once, no nested disclosure. */
export function MobileAccount({ viewer, onNavigate }: { viewer: Viewer; onNavigate?: () => void }) {
  const mobileItem =
    "block w-full rounded-lg px-4 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <div className="mt-2 border-t border-slate-200 pt-3" data-testid="mobile-account">
      <div className="flex items-center gap-3 px-4 py-2">
        <Avatar viewer={viewer} size="lg" />
        <p className="min-w-0 text-sm text-slate-600">
          Signed in as
          <span className="block truncate text-base font-semibold text-slate-900">{viewer.username}</span>
        </p>
      </div>
      <ul className="mt-1 space-y-1">
        <li>
          <NavLink to="/account" end className={mobileItem} onClick={onNavigate}>
            {ACCOUNT_LINK}
          </NavLink>
        </li>
        <li>
          <NavLink to="/saved" end className={mobileItem} onClick={onNavigate}>
            {SAVED_LINK}
          </NavLink>
        </li>
        <li>
          <NavLink to={WRITE_ITEM.to} end className={mobileItem} onClick={onNavigate}>
            {WRITE_ITEM.label}
          </NavLink>
        </li>
        {isAdminViewer(viewer) ? (
          <li>
            <NavLink to="/admin" className={mobileItem} onClick={onNavigate}>
              Admin
            </NavLink>
          </li>
        ) : null}
        <li>
          <SignOutButton className={`${mobileItem} cursor-pointer`} />
        </li>
      </ul>
    </div>
  );
}
