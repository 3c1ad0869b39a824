import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext } from "./lib/context.ts";
import { useNonce } from "./lib/nonce.tsx";
import { SiteLayout } from "./components/site-layout.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { siteName } = context.get(appContext);
  return { siteName };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <SiteLayout siteName={loaderData.siteName}>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Page not found";
      detail = "The page you are looking for does not exist or has moved.";
    } else {
      title = `${error.status} ${error.statusText}`;
      detail = typeof error.data === "string" ? error.data : detail;
    }
  }
  return (
    <SiteLayout siteName="">
      <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4 text-slate-700">{detail}</p>
        <a href="/" className="mt-8 inline-block rounded bg-brand-700 px-5 py-3 font-semibold text-white">
          Back to home
        </a>
      </main>
    </SiteLayout>
  );
}
