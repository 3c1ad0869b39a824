import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { appContext } from "./lib/context.ts";
import { useNonce } from "./lib/nonce.tsx";
import { useInlineStylesheet } from "./lib/inline-stylesheet.tsx";
import { SiteLayout } from "./components/site-layout.tsx";
import { ErrorPage } from "./components/ui/error-page.tsx";
import { FlashMessage, FlashProvider } from "./components/ui/flash-message.tsx";
import { takeFlash } from "./lib/flash.server.ts";
import { createPageAccess } from "./lib/page-access.server.ts";
import { isPageDenial } from "./lib/page-denial.ts";
import { PAGES } from "./pages.ts";
import { SaveDataContext, wantsSaveData } from "./lib/save-data.ts";
import { restoreTypedEarly } from "./lib/typed-early.ts";

// The mark of the logo as the favicon, inline: no extra request, and no /favicon.ico 404.
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#174ca8"/>' +
      '<path d="M15 13l-7 7 7 7M25 13l7 7-7 7" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>' +
      '<path d="M22 10l-4 20" stroke="#fbbf24" stroke-width="3.2" stroke-linecap="round"/></svg>',
  );

// In production the stylesheet is written into the head (the <style> in Layout, decision 045): the first
// paint needs no second request. In development it stays a link of the root route with a `precedence`,
// for Vite's hot reload: React writes such a stylesheet at the top of the head (decision 042).
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet, precedence: "default" }] : []),
  { rel: "icon", type: "image/svg+xml", href: FAVICON },
];

// Every page declares who may open it (app/pages.ts); this checks each request before any loader or
// action runs, and refuses a page that declares nothing (decision 013).
export const middleware: Route.MiddlewareFunction[] = createPageAccess(PAGES);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // a message left by the last action's redirect, shown once (app/lib/flash.server.ts)
  const { flash, headers } = await takeFlash(request, ctx);
  // Save-Data: smaller pictures, nothing that plays by itself (app/lib/save-data.ts; every page varies with it)
  return data({ siteName: ctx.siteName, viewer: ctx.viewer, flash, saveData: wantsSaveData(request) }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const inlineStylesheet = useInlineStylesheet();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {import.meta.env.DEV ? null : (
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineStylesheet }} suppressHydrationWarning />
        )}
        <meta name="theme-color" content="#174ca8" />
        <Meta />
        {/* The browser never sees the nonce (NonceProvider is server-only). In development, where no CSP
            is sent, an empty nonce keeps the dev-only critical-CSS <link> identical on both sides. */}
        <Links nonce={import.meta.env.DEV ? "" : nonce} />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // what was typed into a text area or chosen in a select before hydration, given back (app/lib/typed-early.ts)
  useEffect(restoreTypedEarly, []);
  return (
    <SaveDataContext value={loaderData.saveData}>
      <FlashProvider flash={loaderData.flash}>
        <SiteLayout siteName={loaderData.siteName} viewer={loaderData.viewer}>
          <FlashMessage />
          <Outlet />
        </SiteLayout>
      </FlashProvider>
    </SaveDataContext>
  );
}

/** The one error page (app/components/ui/error-page.tsx), in the site layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The root loader's data is there unless the root loader did not run: a page refused by the access
  // middleware carries the frame in its denial; if the root loader itself failed, the header shows the
  // signed-out state (the Login link), which is safe whoever is asking.
  const denial = isRouteErrorResponse(error) && isPageDenial(error.data) ? error.data : null;
  const rootData = useRouteLoaderData<typeof loader>("root") ?? denial;
  return (
    <SiteLayout siteName={rootData?.siteName ?? "Academy"} viewer={rootData?.viewer ?? null}>
      <ErrorPage error={error} />
    </SiteLayout>
  );
}
