// /admin/write and /write (spec admin-back-office §2 "Write post", §6 "Signed-in user: may create
// posts"; decision 023): any signed-in user may write, so this page sits outside the admin-only layout.
// Signed out, it shows the spec's text with a sign-in link that comes back here. At /admin/write an admin
// sees it inside the admin area's frame (it is the "writeblog" entry); everyone else, and everyone at
// /write (where the user menu and /blog lead), sees it on its own: the admin navigation is for admins
// only. The form is PostWriter; the category names come with the page (no 'Loading...' on a
// server-rendered page), the editor's code loads on this page only (React.lazy in post-writer.tsx).
// Send posts the form to this page's action (the one action kernel, decisions 029, 069): the post
// is written through the same service as POST /backend/posts, within the same limit, then the post's
// page with the flash 'Post has been created'; a refusal is a "posts.create" ActionFailure ('Title and
// content are required!', 'Failed to create post: {message}').
// With `?edit=<post id>` (issue 29) it is the same editor filled with that post, for its author or an
// admin (403 / 404 otherwise): Send saves it through the service of PUT /backend/posts/{id} (the same
// rules, the address kept; within the edit limit), then the post's page with 'Post has been updated'.
import { data, Link } from "react-router";
import type { Route } from "./+types/write";
import { CreatePostSchema } from "../../../contract/blog/blog.ts";
import { AUTHORING_MESSAGES as M } from "../../../contract/blog/post-authoring-texts.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { appContext } from "../../lib/context.ts";
import { failure, go, readAction, runAction } from "../../lib/action.server.ts";
import { loginUrl } from "../../lib/guards.server.ts";
import { STATUS_TEXT, toPageError } from "../../lib/page-errors.server.ts";
import { giveBackWrite, overWriteLimit } from "../../features/blog/write-limits.server.ts";
import { AdminShell, adminMeta } from "../../components/admin/admin-shell.tsx";
import { PostWriter, WRITE_INTENT, type EditedPost } from "../../features/blog/post-writer.tsx";
import { draftKey } from "../../features/blog/post-draft.ts";
import { privateNoStore, retryAfterOf } from "../../lib/meta.ts";

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
  const url = new URL(request.url);
  // a client-side navigation asks for /admin/write.data: the same area
  const inAdminArea = url.pathname.startsWith("/admin/");
  const editId = url.searchParams.get("edit");
  let editing: EditedPost | null = null;
  if (actor && editId !== null) {
    try {
      const post = await services.postWrite.editablePost(actor, editId);
      const [category = "", ...moreCategories] = post.category;
      editing = {
        id: post._id,
        slug: post.slug,
        post: { img: post.img, title: post.title, category, desc: post.desc, content: post.content },
        moreCategories,
      };
    } catch (error) {
      const refused = toPageError(error);
      if (!refused) throw error;
      throw data(
        { code: refused.code, message: refused.message },
        { status: refused.status, statusText: STATUS_TEXT[refused.status] },
      );
    }
  }
  return {
    editing,
    signedIn: actor !== null,
    adminFrame: actor?.role === "admin" && inAdminArea,
    loginUrl: loginUrl(request),
    categories,
    draftKey: actor ? draftKey(actor.id) : "",
  };
}

export async function action(args: Route.ActionArgs) {
  const call = await readAction(args, "user");
  const { ctx, actor } = call;
  const editId = new URL(call.request.url).searchParams.get("edit");
  const limit = editId !== null ? "edit" : "post";
  const said = (reason: string) =>
    reason === M.required ? M.required : editId !== null ? M.updateFailed(reason) : M.failed(reason);
  // the same count as POST (POST_RATE_LIMIT) or PUT /backend/posts/{id}, before the post is looked at
  const over = await overWriteLimit(ctx, limit, actor, (reason) =>
    failure(WRITE_INTENT, { formError: said(reason) }, {}),
  );
  if (over) return over;
  // an edited post's other categories (the page chooses one; a post written through the API may have more)
  const more = typeof call.body.fields.moreCategories === "string" ? call.text("moreCategories").split("\n") : [];
  const answer = await runAction(call, {
    intent: WRITE_INTENT,
    // the API's schema: no field of its own on the page, so every problem is said above Send
    form: {
      schema: CreatePostSchema,
      fields: [],
      labels: {},
      input: (fields) =>
        editId !== null && more.length > 0 ? { ...fields, category: [fields.category, ...more] } : fields,
    },
    invalid: ({ formError }) => ({ formError: said(formError!) }),
    run: (data) =>
      editId !== null
        ? ctx.services.postWrite.updatePost(actor, editId, data)
        : ctx.services.postWrite.createPost(actor, data),
    // required, an unknown category, a picture without alt text...: the service's reason
    refused: (refused) => said(refused.message),
    done: (post) => go(`/${post.slug}`, editId !== null ? M.updated : M.created),
  });
  // a refused post or edit published nothing: it does not count in the limit (issue 29)
  if (!(answer instanceof Response)) await giveBackWrite(ctx, limit, actor);
  return answer;
}

/** Private (who is asking), and an action's Retry-After (a post over the limit). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return { ...privateNoStore(), ...retryAfterOf(actionHeaders) };
}

const TITLE = "Write a post";
const EDIT_TITLE = "Edit a post";
const LEAD = "A cover image, title, category, short description and the post itself.";
const EDIT_LEAD = "Change what you need and save: the post keeps its address.";

/** spec admin-back-office §2 "Write post" */
const SIGNED_OUT_TEXT = M.signedOut;

export default function WritePost({ loaderData, actionData }: Route.ComponentProps) {
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
      <h1 className="text-2xl font-bold text-brand-950 sm:text-3xl">{loaderData.editing ? EDIT_TITLE : TITLE}</h1>
      <p className="mt-2 text-slate-700">{loaderData.editing ? EDIT_LEAD : LEAD}</p>
      <PostWriter
        categories={loaderData.categories}
        draftKey={loaderData.draftKey}
        answer={actionData}
        editing={loaderData.editing}
      />
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
  const title = loaderData?.editing ? EDIT_TITLE : TITLE;
  if (loaderData?.adminFrame) return adminMeta(title, site);
  return [{ title: `${title} | ${site || "Academy"}` }, { name: "robots", content: "noindex" }];
}
