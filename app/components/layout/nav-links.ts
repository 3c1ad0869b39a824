// spec public-area §2 "Navigation and layout": the header links. /courses is in the mobile menu only;
// /login shows while signed out (signed in, the user menu takes its place: user-menu.tsx).
export interface NavItem {
  to: string;
  label: string;
  mobileOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/blog", label: "Know more" },
  { to: "/posts", label: "Explore" },
  { to: "/courses", label: "Courses", mobileOnly: true },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/showcase", label: "Showcase" },
];

export const LOGIN_ITEM: NavItem = { to: "/login", label: "Login" };

/**
 * The write page for every signed-in user (admin-back-office §1 "Signed-in users may write blog posts";
 * decision 023): in the user menu and on /blog. /admin/write, the spec's address, serves the same page.
 */
export const WRITE_ITEM: NavItem = { to: "/write", label: "Write a post" };

/** Where a "Write a post" entry leads: the page, or signed out the sign-in page and back to it. */
export function writeHref(signedIn: boolean): string {
  return signedIn ? WRITE_ITEM.to : `${LOGIN_ITEM.to}?redirectTo=${encodeURIComponent(WRITE_ITEM.to)}`;
}
