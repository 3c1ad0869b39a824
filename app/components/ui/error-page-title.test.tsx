// The error page names itself in the document title (a 404 post had an empty <title>): React Router's
// <Meta> renders nothing for a page whose error the root's boundary shows.
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page.tsx";

function render(error: unknown, rootData: unknown, handle?: unknown) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => rootData,
        element: <ErrorPage error={error} />,
        handle,
      },
    ],
    { hydrationData: { loaderData: { root: rootData } } },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("ErrorPage's title", () => {
  it("is the page's own title for the status and the site's name: 'Post not found! | TechAfrica'", () => {
    const out = render(
      new ErrorResponse(404, "Not Found", { code: "not_found", message: "It may have been removed." }),
      { siteName: "TechAfrica" },
      { errorTexts: { titles: { 404: "Post not found!" } } },
    );
    expect(out.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Post not found! | TechAfrica</title>"]);
  });

  it("takes the site's name from a denial when no loader ran (the access middleware refused)", () => {
    const denial = { message: "Access Denied: Admins only.", siteName: "Academy X", viewer: null };
    const out = render(new ErrorResponse(403, "Forbidden", denial), null);
    expect(out).toContain("<title>Access denied | Academy X</title>");
  });
});
