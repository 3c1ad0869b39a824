// Pages declare who may open them (app/pages.ts) and the root middleware enforces it before any loader
// runs; a page that declares nothing is refused (issue 7; decision 013).
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "../../server/features/auth/actor.ts";
import routes from "../routes.ts";
import { PAGES, type PageEntry } from "../pages.ts";
import { appContext, type AppContext } from "./context.ts";
import { createPageAccess, pageChain, undeclaredPages } from "./page-access.server.ts";

const user: Actor = {
  id: "u1",
  username: "ada",
  email: "ada@example.com",
  image: null,
  role: "user",
  sessionId: "s1",
  verifiedAt: null,
};
const admin: Actor = { ...user, id: "a1", username: "grace", role: "admin" };

type Outcome =
  | { kind: "next"; cacheControl: string | null }
  | { kind: "redirect"; location: string }
  | { kind: "denied"; status: number; data: unknown };

/** Runs the root middleware for a request, the way React Router chains it, with `next` rendering a page. */
async function visit(
  middleware: MiddlewareFunction<Response>[],
  url: string,
  options: { actor?: Actor | null; method?: string } = {},
): Promise<Outcome> {
  const actor = options.actor ?? null;
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor,
    viewer: actor
      ? {
          id: actor.id,
          username: actor.username,
          email: actor.email,
          imageUrl: null,
          publicMetadata: { role: actor.role },
        }
      : null,
    siteName: "TechAfrica",
  } as AppContext);
  const request = new Request(new URL(url, "http://x.test"), { method: options.method ?? "GET" });
  // React Router hands middleware the URL without `.data` and its `_routes` query.
  const normalized = new URL(request.url);
  normalized.pathname = normalized.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  normalized.searchParams.delete("_routes");
  const args = { request, url: normalized, context, params: {}, pattern: "" } as Parameters<MiddlewareFunction>[0];
  const render = vi.fn(async () => new Response("<html>", { status: 200 }));
  const chain = async (i: number): Promise<Response> =>
    i === middleware.length ? render() : ((await middleware[i]!(args, () => chain(i + 1))) ?? render());
  try {
    const response = await chain(0);
    return { kind: "next", cacheControl: response.headers.get("Cache-Control") };
  } catch (thrown) {
    if (thrown instanceof Response) return { kind: "redirect", location: thrown.headers.get("Location") ?? "" };
    const { data, init } = thrown as { data: unknown; init: ResponseInit };
    expect(render).not.toHaveBeenCalled();
    return { kind: "denied", status: init.status ?? 0, data };
  }
}

const pageAccess = createPageAccess(PAGES);

describe("the page table", () => {
  it("declares an access for every page and layout", () => {
    expect(undeclaredPages(PAGES)).toEqual([]);
  });

  it("is what the router serves: the same paths, files and ids", () => {
    type Entry = { path?: string; index?: boolean; file: string; id?: string; children?: Entry[] };
    const shape = (entries: readonly Entry[]): unknown[] =>
      entries.map((e) => ({
        path: e.path,
        index: e.index ?? undefined,
        file: e.file,
        id: e.id,
        children: e.children && shape(e.children),
      }));
    expect(shape(routes as Entry[])).toEqual(shape(PAGES as readonly Entry[]));
    // one module on two paths keeps an id of its own
    expect(JSON.stringify(routes)).toContain('"id":"edit-course"');
  });

  it.each([
    ["/", ["routes/home.tsx"]],
    ["/admin/users", ["routes/admin/layout.tsx", "routes/admin/users.tsx"]],
    ["/coupons/view/42", ["routes/admin/layout.tsx", "routes/admin/coupon-detail.tsx"]],
    ["/admin/write", ["routes/admin/write.tsx"]],
    // the same page for every signed-in user, outside the admin layout (decision 023)
    ["/write", ["routes/admin/write.tsx"]],
    ["/blog", ["routes/blog.tsx"]],
    ["/posts", ["routes/posts.tsx"]],
    // a post's slug is any one segment the pages above do not claim; the admin pages keep theirs
    ["/my-first-post", ["routes/post.tsx"]],
    ["/tickets", ["routes/admin/layout.tsx", "routes/admin/tickets.tsx"]],
    ["/coupons", ["routes/admin/layout.tsx", "routes/admin/coupons.tsx"]],
    ["/admin", ["routes/admin/layout.tsx", "routes/admin/dashboard.tsx"]],
    ["/no/such/page", ["routes/not-found.tsx"]],
  ])("matches %s to %j", (path, files) => {
    expect(pageChain(PAGES, path).map((p) => p.file)).toEqual(files);
  });
});

describe("the page access middleware", () => {
  it.each(["/", "/about", "/login", "/contact", "/blog", "/posts?cat=Coding", "/a-post", "/no/such/page"])(
    "lets anyone open %s",
    async (path) => {
      expect(await visit(pageAccess, path)).toEqual({ kind: "next", cacheControl: null });
    },
  );

  it.each(["/admin", "/admin/users?search=ada", "/coupon-table", "/admin/outbox/42"])(
    "sends a signed-out visitor from %s to /login and back",
    async (path) => {
      expect(await visit(pageAccess, path)).toEqual({
        kind: "redirect",
        location: `/login?redirectTo=${encodeURIComponent(path)}`,
      });
    },
  );

  it("comes back to the page, not its data, after a client-side navigation", async () => {
    expect(await visit(pageAccess, "/admin/users.data?_routes=routes%2Fadmin%2Fusers")).toEqual({
      kind: "redirect",
      location: "/login?redirectTo=%2Fadmin%2Fusers",
    });
  });

  it.each(["/admin", "/admin/users", "/tickets", "/admin/event/1"])(
    "tells a plain user 'Access Denied: Admins only.' (403) on %s, with the frame of the page",
    async (path) => {
      expect(await visit(pageAccess, path, { actor: user })).toEqual({
        kind: "denied",
        status: 403,
        data: {
          message: "Access Denied: Admins only.",
          siteName: "TechAfrica",
          viewer: expect.objectContaining({ username: "ada" }),
        },
      });
    },
  );

  it("opens the admin pages to an admin, kept out of shared caches", async () => {
    for (const path of ["/admin", "/admin/users", "/coupon-table"]) {
      expect(await visit(pageAccess, path, { actor: admin })).toEqual({
        kind: "next",
        cacheControl: "private, no-store",
      });
    }
  });

  it("/admin/write: any signed-in user; signed out the page shows its own message, but a post needs a sign-in", async () => {
    expect(await visit(pageAccess, "/admin/write")).toMatchObject({ kind: "next" });
    expect(await visit(pageAccess, "/admin/write", { actor: user })).toMatchObject({ kind: "next" });
    expect(await visit(pageAccess, "/admin/write", { method: "POST" })).toEqual({
      kind: "redirect",
      location: "/login?redirectTo=%2Fadmin%2Fwrite",
    });
  });

  it("/write: the same page, open to any signed-in user, private; signed out it renders its own message", async () => {
    expect(await visit(pageAccess, "/write")).toEqual({ kind: "next", cacheControl: "private, no-store" });
    expect(await visit(pageAccess, "/write", { actor: user })).toEqual({
      kind: "next",
      cacheControl: "private, no-store",
    });
    expect(await visit(pageAccess, "/write.data", { actor: user })).toMatchObject({ kind: "next" });
    expect(await visit(pageAccess, "/write", { method: "POST" })).toEqual({
      kind: "redirect",
      location: "/login?redirectTo=%2Fwrite",
    });
  });
});

/**
 * The test of the test: a table with a page and a layout that declare nothing (as a JavaScript file or a
 * cast could produce). The checker names them, and a request to them is refused before anything renders.
 */
describe("a page that declares nothing", () => {
  const table = [
    { index: true, file: "routes/home.tsx", access: "public" },
    { path: "forgotten", file: "routes/forgotten.tsx" },
    { file: "routes/open-layout.tsx", children: [{ path: "inside", file: "routes/inside.tsx", access: "public" }] },
    { path: "*", file: "routes/not-found.tsx", access: "public" },
  ] as unknown as PageEntry[];

  it("is named by the checker", () => {
    expect(undeclaredPages(table)).toEqual(["/forgotten", "routes/open-layout.tsx"]);
  });

  it.each(["/forgotten", "/inside", "/forgotten.data"])("is refused at runtime: %s answers 404", async (path) => {
    for (const actor of [null, user, admin]) {
      expect(await visit(createPageAccess(table), path, { actor })).toMatchObject({
        kind: "denied",
        status: 404,
        data: { message: "The page you are looking for does not exist or has moved." },
      });
    }
  });

  it("while the declared pages of the same table open", async () => {
    expect(await visit(createPageAccess(table), "/")).toMatchObject({ kind: "next" });
  });
});
