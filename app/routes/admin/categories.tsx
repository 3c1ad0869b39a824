// /admin/categories (spec admin-back-office §2 "Categories admin", §5, §8; decisions 020, 029): the one
// list of courses and posts on the admin kit. Add a name; remove one after 'Are you sure you want to
// delete "{name}"?' (the service refuses while courses or posts use it). The declaration, with the
// spec's texts: CATEGORIES in contract/courses/category-texts.ts.
import type { Route } from "./+types/categories";
import { CATEGORIES } from "../../../contract/courses/category-texts.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = [CATEGORIES];

export const loader = (args: Route.LoaderArgs) => loadResources(args, SECTIONS);
export const action = (args: Route.ActionArgs) => resourceAction(args, SECTIONS);

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  return <ResourceScreen title={CATEGORIES.texts.title} specs={SECTIONS} views={loaderData} actionData={actionData} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(CATEGORIES.texts.title, matches[0]?.loaderData?.siteName);
}
