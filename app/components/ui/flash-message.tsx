// The message an action left before its redirect (app/lib/flash.server.ts), shown once by the root.
// Arriving by a client-side navigation (JavaScript) it is a toast, like every other message; arriving
// with the page itself (a plain form post without JavaScript, or a full reload) it is a notice at the
// top of the page, which needs no script.
import { useState } from "react";
import type { Flash } from "../../lib/flash.server.ts";
import { useToast } from "./toast.tsx";

export function FlashMessage({ flash }: { flash: Flash | null }) {
  // the flash that came with the server-rendered document (null after any client-side navigation)
  const [first] = useState(flash);
  const inPage = flash !== null && flash === first;
  useToast(inPage ? null : flash, flash?.message, flash?.kind);
  if (!inPage) return null;
  const error = flash.kind === "error";
  return (
    <section aria-label="Message" className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 lg:px-8">
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
