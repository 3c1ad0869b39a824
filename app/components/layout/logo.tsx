import { Link } from "react-router";

/** The academy's mark (an inline SVG: no image request) and short name, linking home. */
export function Logo({ siteName, tone = "dark" }: { siteName: string; tone?: "dark" | "light" }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2.5 rounded-md" aria-label={`${siteName}, home`}>
      <svg viewBox="0 0 40 40" className="size-9" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="#174ca8" />
        <path
          d="M15 13l-7 7 7 7M25 13l7 7-7 7"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M22 10l-4 20" stroke="#fbbf24" strokeWidth="3.2" strokeLinecap="round" />
      </svg>
      <span className={`text-lg font-extrabold tracking-tight ${tone === "dark" ? "text-brand-950" : "text-white"}`}>
        {siteName}
      </span>
    </Link>
  );
}
