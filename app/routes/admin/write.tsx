// /admin/write (spec admin-back-office §2 "Write post", §6 "Signed-in user: may create posts"): any
// signed-in user may write, so this page sits outside the admin-only layout. Signed out, it shows the
// spec's text with a sign-in link that comes back here. An admin sees it inside the admin area's frame
// (it is the "writeblog" entry), everyone else on its own. The editor comes with the blog-authoring issue.
import { Link } from "react-router";
import type { Route } from "./+types/write";
import { buttonClass } from "../../components/ui/button.tsx";
import { appContext } from "../../lib/context.ts";
import { loginUrl } from "../../lib/guards.server.ts";
import { AdminShell, adminMeta } from "../../components/admin/admin-shell.tsx";
import { ComingSoon } from "../../components/admin/coming-soon.tsx";
import { privateNoStore } from "../../lib/meta.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = context.get(appContext);
  return { signedIn: actor !== null, isAdmin: actor?.role === "admin", loginUrl: loginUrl(request) };
}

export const headers = privateNoStore;

const TITLE = "Write a post";
const LEAD = "A cover image, title, category, short description and the post itself.";

/** spec admin-back-office §2 "Write post" */
const SIGNED_OUT_TEXT = "You must be logged in to create a post!";

export default function WritePost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold text-brand-950">{TITLE}</h1>
        <p className="mt-4 text-lg text-slate-700">{SIGNED_OUT_TEXT}</p>
        <Link to={loaderData.loginUrl} className={buttonClass("primary", "lg", "mt-8")}>
          Sign in
        </Link>
      </main>
    );
  }
  if (loaderData.isAdmin) {
    return (
      <AdminShell>
        <ComingSoon title={TITLE} lead={LEAD} />
      </AdminShell>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <ComingSoon title={TITLE} lead={LEAD} backTo="/" />
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName;
  if (loaderData?.isAdmin) return adminMeta(TITLE, site);
  return [{ title: `${TITLE} | ${site || "Academy"}` }, { name: "robots", content: "noindex" }];
}
