// The one error page (issue 7 "Errors, one place"). A domain error thrown in a loader or action reaches
// the page as `data({ code, message }, { status })` (app/lib/page-errors.server.ts), a guard's refusal as
// `data("Access Denied: Admins only.", { status: 403 })`: this picks a title for the status and shows
// the server's message. The root ErrorBoundary shows it in the site layout, the admin layout's inside
// the admin frame. A page whose error needs its own words says so in its `handle`:
//   export const handle = { errorTexts: { titles: { 404: "Course not found" }, back: { to: "/admin", label: "Back to admin" } } };
import { isRouteErrorResponse, Link, useMatches, useRouteLoaderData } from "react-router";
import { buttonClass } from "./button.tsx";
import { PAGE_NOT_FOUND } from "../../lib/page-denial.ts";

/** A page's own words for its error page (`handle.errorTexts`). */
export interface ErrorTexts {
  /** titles by status, e.g. { 404: "E-mail not found" } */
  titles?: Partial<Record<number, string>>;
  /** where the page's link leads instead of the home page */
  back?: { to: string; label: string };
}

export interface ErrorDescription {
  status: number;
  title: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: "That request could not be read",
  401: "Please sign in",
  403: "Access denied",
  404: "Page not found",
  409: "That could not be done",
  413: "That is too large",
  422: "That could not be used",
  429: "Too many requests",
};

const MESSAGES = {
  notFound: PAGE_NOT_FOUND,
  forbidden: "You do not have access to this page.",
  unexpected: "An unexpected error occurred. Please try again in a moment.",
};

/** The message the server gave: a string body, or the `message` of a `{ code, message }` body. */
function messageOf(data: unknown): string | null {
  if (typeof data === "string" && data.trim()) return data;
  if (typeof data === "object" && data !== null) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return null;
}

/**
 * What the error page says for an error: a title by status (the page's own first) and the server's
 * message, else a sentence of ours. Anything that is not an error response (a crash) is a 500 whose
 * details stay in the server log.
 */
export function describeError(error: unknown, texts: ErrorTexts = {}): ErrorDescription {
  if (!isRouteErrorResponse(error)) {
    return { status: 500, title: texts.titles?.[500] ?? "Something went wrong", message: MESSAGES.unexpected };
  }
  const { status } = error;
  const own = texts.titles?.[status];
  const given = messageOf(error.data);
  if (status >= 500) {
    return { status, title: own ?? "Something went wrong", message: given ?? MESSAGES.unexpected };
  }
  const title = own ?? TITLES[status] ?? `${status} ${error.statusText}`.trim();
  const fallback = status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.forbidden : MESSAGES.unexpected;
  return { status, title, message: given ?? fallback };
}

/** The error texts of the deepest matched route that has some. */
function useErrorTexts(): ErrorTexts {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const texts = (matches[i]?.handle as { errorTexts?: ErrorTexts } | undefined)?.errorTexts;
    if (texts) return texts;
  }
  return {};
}

/** describeError with the page's own texts, and where its link leads. */
export function useErrorDescription(error: unknown): ErrorDescription & { back: { to: string; label: string } } {
  const texts = useErrorTexts();
  return { ...describeError(error, texts), back: texts.back ?? { to: "/", label: "Back to home" } };
}

/**
 * The site's name for the error page's <title>: the root loader's, or, when the access middleware refused
 * before any loader ran, the one its denial carries.
 */
function useSiteName(error: unknown): string {
  const root = useRouteLoaderData("root") as { siteName?: unknown } | undefined;
  const denial = isRouteErrorResponse(error) ? (error.data as { siteName?: unknown } | null) : null;
  const name = root?.siteName ?? denial?.siteName;
  return typeof name === "string" && name ? name : "Academy";
}

/** The error page's content in its own <main>, for the site layout (the admin frame has its own). */
export function ErrorPage({ error }: { error: unknown }) {
  const { title, message, back } = useErrorDescription(error);
  const siteName = useSiteName(error);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
      {/* React Router's <Meta> renders the meta of the routes down to the one whose boundary shows the
          error: for the root's boundary that is the root alone, which has no title. React puts this
          <title> in the document's <head>. */}
      <title>{`${title} | ${siteName}`}</title>
      <h1 className="text-3xl font-bold text-brand-950">{title}</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {message}
      </p>
      <Link to={back.to} className={buttonClass("primary", "lg", "mt-8")}>
        {back.label}
      </Link>
    </main>
  );
}
