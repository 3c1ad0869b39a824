// /admin/categories as the server renders it, and its loader: the list with the counts, the spec's
// 'No categories found.' and 'Error loading categories: {message}' states (admin-back-office §2).
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, data as pageError, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AdminCategory } from "../../../contract/catalog.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import AdminCategories, { loader } from "./categories.tsx";

const ADMIN: Actor = {
  id: "a",
  username: "ada",
  email: "ada@example.test",
  image: null,
  role: "admin",
  sessionId: "s",
  verifiedAt: null,
};

function contextWith(listForAdmin: () => Promise<AdminCategory[]>, actor: Actor | null = ADMIN) {
  const context = new RouterContextProvider();
  context.set(appContext, { actor, services: { categories: { listForAdmin } } } as unknown as AppContext);
  return context;
}

async function load(listForAdmin: () => Promise<AdminCategory[]>, actor: Actor | null = ADMIN) {
  const request = new Request("http://localhost/admin/categories");
  return loader({
    request,
    url: new URL(request.url),
    params: {},
    context: contextWith(listForAdmin, actor),
  } as unknown as Parameters<typeof loader>[0]);
}

function render(loaderData: Awaited<ReturnType<typeof loader>>) {
  const Stub = createRoutesStub([
    {
      id: "categories",
      path: "/admin/categories",
      Component: AdminCategories as unknown as React.ComponentType,
      loader: () => loaderData,
    },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/admin/categories"]} hydrationData={{ loaderData: { categories: loaderData } }} />,
  );
}

describe("the categories page", () => {
  it("lists each category with how many courses and posts use it, and a Remove button", async () => {
    const data = await load(async () => [
      { _id: "1", name: "Coding", courses: 3, posts: 1 },
      { _id: "2", name: "<b>Bold</b>", courses: 0, posts: 0 },
    ]);
    expect(data.error).toBeNull();
    const html = render(data);
    expect(html).toContain("<h1");
    expect(html).toContain("Categories");
    expect(html).toContain("3 courses");
    expect(html).toContain("1 post<");
    expect(html).toContain('aria-label="Remove Coding"');
    // a name is text, never markup
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).not.toContain("No categories found.");
  });

  it("says 'No categories found.' when the list is empty", async () => {
    const html = render(await load(async () => []));
    expect(html).toContain("No categories found.");
    expect(html).toContain("Add category");
  });

  it("says 'Error loading categories: {message}' when the list cannot be read, and logs the cause", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await load(async () => {
      throw new Error("connection refused (secret detail)");
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(data.error).toBe("Error loading categories: The list could not be read. Please try again.");
    const html = render(data);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Error loading categories: The list could not be read. Please try again.");
    expect(html).not.toContain("secret detail");
  });

  it("a refusal of the service is the guard's answer, not a failed list", async () => {
    await expect(
      load(async () => {
        // what the page's services throw for a refusal (pageServices: app/lib/page-errors.server.ts)
        throw pageError({ code: "forbidden", message: "Access Denied: Admins only." }, { status: 403 });
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("signed out: the loader sends to /login and back", async () => {
    const answer = await load(async () => [], null).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/categories")}`,
    );
  });
});
