// The frame every account page shares (/login, /register, /forgot-password, /reset-password): a
// centred card with its heading and the links below it. Their forms are built from the one form kit
// (app/components/ui/form.tsx).
import { Link } from "react-router";

/** The centred card of an account page, with its heading and the links below it. */
export function AuthPage({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-slate-700">{footer}</div> : null}
      </div>
    </main>
  );
}

export const textLink = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** A link styled as a text link, for the card's footer and notices. */
export function TextLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={textLink}>
      {children}
    </Link>
  );
}
