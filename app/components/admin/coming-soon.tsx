import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { AdminPageHeader } from "./admin-shell.tsx";

export const COMING_SOON = "This screen is coming soon.";

/** The one placeholder of every admin screen whose issue has not landed yet. */
export function ComingSoon({ title, lead, backTo = "/admin" }: { title: string; lead: string; backTo?: string }) {
  return (
    <>
      <AdminPageHeader title={title} lead={lead} />
      <section
        aria-labelledby="coming-soon-title"
        className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center"
      >
        <h2 id="coming-soon-title" className="text-lg font-bold text-slate-900">
          {COMING_SOON}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          It is part of a later release. Nothing here can be changed yet.
        </p>
        <Link to={backTo} className={buttonClass("secondary", "md", "mt-6")}>
          {backTo === "/admin" ? "Back to the dashboard" : "Back to home"}
        </Link>
      </section>
    </>
  );
}
