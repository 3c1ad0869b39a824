import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { PAGES, type PageEntry } from "./pages.ts";

// The pages and who may open them are listed in app/pages.ts; this turns that table into React Router's
// route config (same paths, files and ids), so that no page exists without an access declaration.
function toRoute(page: PageEntry): RouteConfigEntry {
  const options = page.id ? { id: page.id } : {};
  const children = page.children?.map(toRoute);
  if (page.index) return index(page.file, options);
  if (page.path === undefined) return layout(page.file, options, children);
  return route(page.path, page.file, options, children);
}

export default PAGES.map(toRoute) satisfies RouteConfig;
