// /admin/write and /write (spec admin-back-office §2 "Write post", §6 "Signed-in user: may create
// posts"; decision 023): any signed-in user may write, so this page sits outside the admin-only layout.
// Signed out, it shows the spec's text with a sign-in link that comes back here. At /admin/write an admin
// sees it inside the admin area's frame (it is the "writeblog" entry); everyone else, and everyone at
// /write (where the user menu and /blog lead), sees it on its own: the admin navigation is for admins only. The form is PostWriter; the category names
// come with the page (no 'Loading...' on a server-rendered page), the editor's code loads on this page
// only (React.lazy in post-writer.tsx).
import { Link } from "react-router";
import type { Route } from "./+types/write";
import { AUTHORING_MESSAGES } from "../../../contract/post-authoring-texts.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { appContext } from "../../lib/context.ts";
import { loginUrl } from "../../lib/guards.server.ts";
import { AdminShell, adminMeta } from "../../components/admin/admin-shell.tsx";
import { PostWriter } from "../../components/blog/post-writer.tsx";
import { draftKey } from "../../lib/post-draft.ts";
import { privateNoStore } from "../../lib/meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, services } = context.get(appContext);
  let categories: string[] | null = [];
  if (actor) {
    try {
      categories = await services.blog.listCategoryNames();
    } catch (error) {
      console.error("write: loading the categories failed", error);
      categories = null;
    }
  }
  // a client-side navigation asks for /admin/write.data: the same area
  const inAdminArea = new URL(request.url).pathname.startsWith("/admin/");
  return {
    signedIn: actor !== null,
    adminFrame: actor?.role === "admin" && inAdminArea,
    loginUrl: loginUrl(request),
    categories,
    draftKey: actor ? draftKey(actor.id) : "",
  };
}

export const headers = privateNoStore;

const TITLE = "Write a post";
const LEAD = "A cover image, title, category, short description and the post itself.";

/** spec admin-back-office §2 "Write post" */
const SIGNED_OUT_TEXT = AUTHORING_MESSAGES.signedOut;

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
  const page = (
    <>
      <h1 className="text-2xl font-bold text-brand-950 sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 text-slate-700">{LEAD}</p>
      <PostWriter categories={loaderData.categories} draftKey={loaderData.draftKey} />
    </>
  );
  if (loaderData.adminFrame) {
    return (
      <AdminShell>
        <div className="max-w-4xl">{page}</div>
      </AdminShell>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      {page}
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = matches[0]?.loaderData?.siteName;
  if (loaderData?.adminFrame) return adminMeta(TITLE, site);
  return [{ title: `${TITLE} | ${site || "Academy"}` }, { name: "robots", content: "noindex" }];
}
