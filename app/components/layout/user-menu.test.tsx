// Writing for every signed-in user (admin-back-office §1 "Signed-in users may write blog posts"; decision
// 023): the user menu (wide screens) and the mobile menu offer "Write a post" to every signed-in user,
// the Admin link only to admins; signed out, a write entry leads to sign-in and back.
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../../contract/account/auth.ts";
import { writeHref } from "./nav-links.ts";
import { MobileAccount, UserMenu } from "./user-menu.tsx";

function html(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const viewer = (role: "user" | "admin"): Viewer => ({
  id: "u1",
  username: "ada",
  email: "ada@example.com",
  imageUrl: null,
  publicMetadata: { role },
});

/** The menu's entries as [text, href] (Sign out is a form's button). */
function entries(out: string): [string, string][] {
  return [...out.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2]!, m[1]!]);
}

describe("the user menu", () => {
  it("offers a plain user 'Write a post' (/write), and no Admin link", () => {
    for (const out of [html(<UserMenu viewer={viewer("user")} />), html(<MobileAccount viewer={viewer("user")} />)]) {
      expect(entries(out)).toEqual([
        ["My account", "/account"],
        ["Saved posts", "/saved"],
        ["Write a post", "/write"],
      ]);
      expect(out).toContain("Sign out");
    }
  });

  it("offers an admin the same, and the admin area", () => {
    for (const out of [html(<UserMenu viewer={viewer("admin")} />), html(<MobileAccount viewer={viewer("admin")} />)]) {
      expect(entries(out)).toEqual([
        ["My account", "/account"],
        ["Saved posts", "/saved"],
        ["Write a post", "/write"],
        ["Admin", "/admin"],
      ]);
    }
  });
});

describe("writeHref", () => {
  it("is the write page when signed in, else the sign-in page that comes back to it", () => {
    expect(writeHref(true)).toBe("/write");
    expect(writeHref(false)).toBe("/login?redirectTo=%2Fwrite");
  });
});
