import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";

/**
 * The page of a newsletter e-mail's link (the confirmation, the unsubscribe; decision 037): a GET shows a
 * question and a button, and only the button's POST changes anything (mail scanners open links, they do
 * not press buttons). Never shows the address: a forwarded link says nothing about whose it is.
 */
export function NewsletterLinkPage({
  title,
  state,
  question,
  button,
  done,
  token,
}: {
  title: string;
  /** "ask": the question and button; "done": the outcome; "bad": the link names nobody */
  state: "ask" | "done" | "bad";
  question: string;
  button: string;
  /** the sentence for "done" and "bad" */
  done: string;
  token: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-20 outline-none">
      <h1 className="text-3xl font-bold text-brand-950">{title}</h1>
      {state === "ask" ? (
        <Form method="post" className="mt-8 space-y-6">
          <p className="text-lg text-slate-800">{question}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" aria-disabled={busy || undefined} className={buttonClass("primary", "md")}>
            {busy ? "Working…" : button}
          </button>
        </Form>
      ) : (
        <p
          role="status"
          className={`mt-8 rounded-xl border px-6 py-5 text-lg font-semibold ${
            state === "done"
              ? "border-emerald-300 bg-emerald-50 text-emerald-900"
              : "border-amber-300 bg-amber-50 text-amber-900"
          }`}
        >
          {done}
        </p>
      )}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 underline">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}

/** The token of a link page's request: the address's ?token=, else the form's (the page's own button posts both). */
export function tokenOf(url: URL, fields: Record<string, unknown> = {}): string {
  const fromUrl = url.searchParams.get("token");
  const value = fromUrl ?? (typeof fields.token === "string" ? fields.token : "");
  return value.trim().slice(0, 100);
}
