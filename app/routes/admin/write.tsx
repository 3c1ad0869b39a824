// /admin/write (spec admin-back-office §2 "Write post", §6 "Signed-in user: may create posts"): any
// signed-in user may write, so this page sits outside the admin-only layout; signed out → /login and
// back here. An admin sees it inside the admin area's frame (it is the "writeblog" entry), everyone
// else on its own. The editor comes with the blog-authoring issue.
import type { Route } from "./+types/write";
import { appContext } from "../../lib/context.ts";
import { requireUserPage } from "../../lib/guards.server.ts";
import { AdminShell, adminMeta } from "../../components/admin/admin-shell.tsx";
import { ComingSoon } from "../../components/admin/coming-soon.tsx";
import { privateNoStore } from "../../lib/meta.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(request, context.get(appContext));
  return { isAdmin: actor.role === "admin" };
}

export const headers = privateNoStore;

const TITLE = "Write a post";
const LEAD = "A cover image, title, category, short description and the post itself.";

export default function WritePost({ loaderData }: Route.ComponentProps) {
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
