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
