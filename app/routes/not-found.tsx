import { data } from "react-router";

// Any unknown page is a real 404 (status and page), inside the normal site layout.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }];
}

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <a href="/" className="mt-8 inline-block rounded bg-brand-700 px-5 py-3 font-semibold text-white">
        Back to home
      </a>
    </main>
  );
}
