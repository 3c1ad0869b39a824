// The message an action left before its redirect (app/lib/flash.server.ts), shown once by the root.
// Arriving by a client-side navigation (JavaScript) it is a toast, like every other message; arriving
// with the page itself (a plain form post without JavaScript, or a full reload) it is a notice in the
// page, which needs no script. A redirect to a section of its page (`…#course-form`) lands there: its
// notice is at the top of that section (<FlashNotice at="course-form" />), where the reader arrives,
// not at the top of the page above it (issue 29); any other notice is at the top of the page.
import { createContext, useContext, useState } from "react";
import type { Flash } from "../../lib/flash.server.ts";
import { useToast } from "./toast.tsx";

/** The flash that came with the server-rendered document: the one shown in the page, not as a toast. */
const PageFlash = createContext<Flash | null>(null);

/** Takes the root loader's flash: a toast when it came by a client-side navigation, else the page's notice. */
export function FlashProvider({ flash, children }: { flash: Flash | null; children: React.ReactNode }) {
  // the flash that came with the server-rendered document (null after any client-side navigation)
  const [first] = useState(flash);
  const inPage = flash !== null && flash === first ? flash : null;
  useToast(inPage ? null : flash, flash?.message, flash?.kind);
  return <PageFlash value={inPage}>{children}</PageFlash>;
}

function FlashBox({ flash, className }: { flash: Flash; className: string }) {
  const error = flash.kind === "error";
  return (
    <section aria-label="Message" className={className}>
      <p
        role={error ? "alert" : "status"}
        className={`rounded-lg border px-4 py-3 font-semibold ${
          error ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900"
        }`}
      >
        {flash.message}
      </p>
    </section>
  );
}

/** The page's notice at its top: a message whose redirect named no section. */
export function FlashMessage() {
  const flash = useContext(PageFlash);
  if (!flash || flash.at) return null;
  return <FlashBox flash={flash} className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 lg:px-8" />;
}

/**
 * The notice of a redirect to `#at`, first in the section with that id: every section a redirect
 * with a message lands on holds one.
 */
export function FlashNotice({ at, className = "mb-4" }: { at: string; className?: string }) {
  const flash = useContext(PageFlash);
  if (!flash || flash.at !== at) return null;
  return <FlashBox flash={flash} className={className} />;
}
