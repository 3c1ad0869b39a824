// /admin/categories as the server renders it, its loader and its action (the admin kit's, with the
// categories' declaration): the list with the counts, the spec's 'No categories found.' and 'Error
// loading categories: {message}' states (admin-back-office §2), a success as a redirect with its flash,
// a failure as the intent-tagged ActionResult beside the form.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, data as pageError, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AdminCategory } from "../../../contract/courses/catalog.ts";
import { CATEGORY_MESSAGES } from "../../../contract/courses/category-texts.ts";
import type { Page } from "../../../contract/lib/paging.ts";
import type { Actor } from "../../../server/features/auth/actor.ts";
import { appContext, type AppContext } from "../../lib/context.ts";
import AdminCategories, { action, loader } from "./categories.tsx";
import { TEST_ADMIN as ADMIN } from "../../../tests/support/actors.ts";

type Service = Partial<{
  listPage: (actor: unknown, q: { page: number; pageSize: number }) => Promise<Page<AdminCategory>>;
  get: (actor: unknown, id: string) => Promise<{ _id: string; name: string }>;
  create: (actor: unknown, body: unknown) => Promise<unknown>;
  remove: (actor: unknown, id: string) => Promise<unknown>;
}>;

const pageOf = (items: AdminCategory[], total = items.length): Page<AdminCategory> => ({
  items,
  page: 1,
  pageSize: 25,
  total,
});

function contextWith(categories: Service, actor: Actor | null = ADMIN) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    actor,
    services: { resources: { categories } },
    cookieSecret: "test-secret",
    secureCookies: false,
  } as unknown as AppContext);
  return context;
}

async function load(listPage: Service["listPage"], actor: Actor | null = ADMIN, address = "/admin/categories") {
  const request = new Request(`http://localhost${address}`);
  return loader({
    request,
    url: new URL(request.url),
    params: {},
    context: contextWith({ listPage }, actor),
  } as unknown as Parameters<typeof loader>[0]);
}

async function post(fields: Record<string, string>, categories: Service) {
  const request = new Request("http://localhost/admin/categories", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return action({
    request,
    url: new URL(request.url),
    params: {},
    context: contextWith(categories),
  } as unknown as Parameters<typeof action>[0]);
}

function render(loaderData: Awaited<ReturnType<typeof loader>>, actionData?: Awaited<ReturnType<typeof action>>) {
  const Stub = createRoutesStub([
    {
      id: "categories",
      path: "/admin/categories",
      Component: AdminCategories as unknown as React.ComponentType,
      loader: () => loaderData,
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/admin/categories"]}
      hydrationData={{
        loaderData: { categories: loaderData },
        ...(actionData ? { actionData: { categories: actionData } } : {}),
      }}
    />,
  );
}

describe("the categories page", () => {
  it("lists a page of categories with how many courses and posts use each, and a Remove button, no Edit", async () => {
    const asked = vi.fn<NonNullable<Service["listPage"]>>(async () =>
      pageOf(
        [
          { _id: "1", name: "Coding", courses: 3, posts: 1 },
          { _id: "2", name: "<b>Bold</b>", courses: 0, posts: 0 },
        ],
        60,
      ),
    );
    const data = await load(asked, ADMIN, "/admin/categories?page=2&edit=1");
    // 25 a page (decision 029); ?edit is not for a list that is never edited
    expect(asked).toHaveBeenCalledWith(ADMIN, { page: 2, pageSize: 25 });
    expect(data.categories!.error).toBeNull();
    expect(data.categories!.editing).toBeNull();
    const html = render(data);
    expect(html).toContain("<h1");
    expect(html).toContain("Categories");
    expect(html).toContain("Add a category");
    expect(html).toContain("3 courses");
    expect(html).toContain("1 post<");
    expect(html).toContain("0 posts");
    expect(html).toContain('aria-label="Remove Coding"');
    expect(html).not.toContain("Edit");
    // issue 29: one in use is offered muted, described by how many use it, and stays a button that can
    // be pressed to hear why (neither disabled nor aria-disabled: decision 064); one unused is a plain Remove
    const remove = (name: string) => new RegExp(`<button[^>]*aria-label="Remove ${name}"[^>]*>`).exec(html)![0];
    expect(remove("Coding")).toContain("border-dashed");
    expect(remove("Coding")).not.toMatch(/\s(aria-)?disabled[=\s>]/);
    const noteId = /aria-describedby="([^"]+)"/.exec(remove("Coding"))![1]!;
    expect(html).toMatch(new RegExp(`id="${noteId}"[^>]*>In use by 3 courses and 1 post</span>`));
    expect(remove("&lt;b&gt;Bold&lt;/b&gt;")).not.toContain("border-dashed");
    expect(remove("&lt;b&gt;Bold&lt;/b&gt;")).not.toContain("aria-describedby");
    // a name is text, never markup
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).not.toContain(CATEGORY_MESSAGES.none);
    // paging: 60 categories make three pages
    expect(html).toContain('aria-label="All categories pages"');
    expect(html).toContain("Page 1 of 3");
    expect(html).toContain('href="/admin/categories?page=2#categories"');
  });

  it("says 'No categories found.' when the list is empty", async () => {
    const html = render(await load(async () => pageOf([])));
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
    expect(data.categories!.error).toBe("Error loading categories: The list could not be read. Please try again.");
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
    const answer = await load(async () => pageOf([]), null).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/categories")}`,
    );
  });
});

describe("the categories page's action", () => {
  it("an add redirects to the list with 'Category added successfully!' as the flash message", async () => {
    const create = vi.fn(async () => ({}));
    const answer = await post({ resource: "categories", intent: "save", name: "  Data Science " }, { create });
    expect(create).toHaveBeenCalledWith(ADMIN, { name: "Data Science" });
    expect(answer).toBeInstanceOf(Response);
    const res = answer as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/categories#categories");
    expect(res.headers.get("Set-Cookie")).toMatch(/^flash=/);
  });

  it("a blank name is the spec's message beside the field, tagged categories.save, and nothing is called", async () => {
    const create = vi.fn(async () => ({}));
    const answer = await post({ resource: "categories", intent: "save", name: "   " }, { create });
    expect(create).not.toHaveBeenCalled();
    expect(answer).toEqual({
      ok: false,
      intent: "categories.save",
      fieldErrors: { name: "Category name cannot be empty!" },
      values: { name: "   " },
    });
  });

  it("a duplicate is the server's message above the form with the name kept", async () => {
    const message = 'A category named "Design" already exists.';
    const create = async () => {
      throw pageError({ code: "conflict", message }, { status: 409 });
    };
    const answer = await post({ resource: "categories", intent: "save", name: "design" }, { create });
    expect(answer).toEqual({
      ok: false,
      intent: "categories.save",
      formError: message,
      fieldErrors: {},
      values: { name: "design" },
    });
    const html = render(await load(async () => pageOf([])), answer as Awaited<ReturnType<typeof action>>);
    expect(html).toContain('role="alert"');
    expect(html).toContain("A category named &quot;Design&quot; already exists.");
    expect(html).toContain('value="design"');
  });

  it("a Remove posted without the dialog (no JavaScript) asks its question on the page", async () => {
    const remove = vi.fn(async () => ({}));
    const get = async () => ({ _id: "0123456789abcdef01234567", name: "Design" });
    const answer = await post(
      { resource: "categories", intent: "delete", id: "0123456789abcdef01234567" },
      { get, remove },
    );
    expect(remove).not.toHaveBeenCalled();
    expect(answer).toEqual({
      ok: true,
      intent: "categories.confirm",
      message: 'Are you sure you want to delete "Design"?',
      values: { id: "0123456789abcdef01234567", label: "Design" },
    });
    const html = render(await load(async () => pageOf([])), answer as Awaited<ReturnType<typeof action>>);
    expect(html).toContain('aria-label="Confirm remove"');
    expect(html).toContain("Are you sure you want to delete &quot;Design&quot;?");
  });

  it("a Remove posted without the dialog for a category in use answers the refusal at once, not the question", async () => {
    const remove = vi.fn(async () => ({}));
    const id = "0123456789abcdef01234567";
    const get = async () => ({ _id: id, name: "Coding", courses: 3, posts: 0 });
    const answer = await post({ resource: "categories", intent: "delete", id }, { get, remove });
    expect(remove).not.toHaveBeenCalled();
    // word for word the service's refusal (categories.service.ts, decision 020)
    expect(answer).toEqual({
      ok: false,
      intent: "categories.delete",
      formError: 'Cannot delete "Coding": 3 courses use it. Move them to another category first.',
      fieldErrors: {},
      values: { id },
    });
    const html = render(
      await load(async () => pageOf([{ _id: id, name: "Coding", courses: 3, posts: 0 }])),
      answer as Awaited<ReturnType<typeof action>>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("Cannot delete &quot;Coding&quot;: 3 courses use it.");
    expect(html).not.toContain('aria-label="Confirm remove"');
  });

  it("a confirmed Remove redirects with 'Category removed successfully!'; one in use is the server's refusal", async () => {
    const id = "0123456789abcdef01234567";
    const remove = vi.fn(async () => ({}));
    const done = await post({ resource: "categories", intent: "delete", id, confirmed: "yes" }, { remove });
    expect(remove).toHaveBeenCalledWith(ADMIN, id);
    expect((done as Response).status).toBe(302);

    const refusal = 'Cannot delete "Coding": 3 courses use it. Move them to another category first.';
    const refused = await post(
      { resource: "categories", intent: "delete", id, confirmed: "yes" },
      {
        remove: async () => {
          throw pageError({ code: "conflict", message: refusal }, { status: 409 });
        },
      },
    );
    expect(refused).toEqual({
      ok: false,
      intent: "categories.delete",
      formError: refusal,
      fieldErrors: {},
      values: { id },
    });
  });

  it("no update nor move for a list that is only added to and removed from", async () => {
    const create = vi.fn(async () => ({}));
    const crafted: Array<Record<string, string>> = [
      { resource: "categories", intent: "save", id: "0123456789abcdef01234567", name: "Renamed" },
      { resource: "categories", intent: "move", id: "0123456789abcdef01234567", direction: "up" },
    ];
    for (const fields of crafted) {
      expect(await post(fields, { create })).toMatchObject({
        ok: false,
        formError: "This form is not one of this page's. Please reload the page.",
      });
    }
    expect(create).not.toHaveBeenCalled();
  });
});
