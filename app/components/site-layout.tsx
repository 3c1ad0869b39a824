import type { Viewer } from "../../contract/account/auth.ts";
import { SiteFooter } from "./layout/site-footer.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { Toaster } from "./ui/toast.tsx";

/** Skip link, header, the page (each page renders its own <main id="main">), footer and the toasts. */
export function SiteLayout({
  siteName,
  viewer,
  children,
}: {
  siteName: string;
  /** the signed-in user, for the header's user menu; null when signed out (or unknown) */
  viewer: Viewer | null;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader siteName={siteName} viewer={viewer} />
      <div className="flex-1">{children}</div>
      <SiteFooter siteName={siteName} signedIn={viewer !== null} />
      <Toaster />
    </div>
  );
}
