import { appContext } from "../lib/context.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { courses: await services.catalog.listCourses() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <h1>Home</h1>
      <ul>
        {loaderData.courses.map((c) => (
          <li key={c._id}>{c.title}</li>
        ))}
      </ul>
    </main>
  );
}
