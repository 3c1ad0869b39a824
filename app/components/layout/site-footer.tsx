import { Link } from "react-router";
import { Logo } from "./logo.tsx";

const COLUMNS = [
  {
    title: "Learn",
    links: [
      { to: "/courses", label: "All courses" },
      { to: "/blog", label: "Blog" },
      { to: "/posts", label: "Explore posts" },
      { to: "/showcase", label: "Talent showcase" },
    ],
  },
  {
    title: "Academy",
    links: [
      { to: "/about", label: "About us" },
      { to: "/contact", label: "Contact" },
    ],
  },
];

// spec public-area §2: /login is shown only when signed out
const SIGNED_OUT_LINKS = [
  { to: "/login", label: "Login" },
  { to: "/register", label: "Create an account" },
];

export function SiteFooter({ siteName, signedIn }: { siteName: string; signedIn: boolean }) {
  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo siteName={siteName} tone="light" />
          <p className="mt-4 text-sm leading-6">
            Practical courses in coding, graphic design, cybersecurity and video editing for Africa&apos;s brightest
            minds. Learn on any phone, priced in naira.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{col.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {(col.title === "Academy" && !signedIn ? [...col.links, ...SIGNED_OUT_LINKS] : col.links).map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">© 2025 {siteName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
