// /admin/home, 'Admin Dashboard - Carousel' (spec admin-back-office §2 "Carousel admin ... embeds the blog
// teaser, instructor call-to-action and FAQ admin sections below it"; issue 16): the declared resources
// of the "Home page" entry on one screen (decisions 029, 071), those with screens of their own linked to
// them (issue 29).
import type { Route } from "./+types/home";
import { CAROUSEL } from "../../../contract/content/content-resources.ts";
import { resourcesOfNav } from "../../../contract/admin/resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = resourcesOfNav("homePage");

export const loader = (args: Route.LoaderArgs) => loadResources(args, SECTIONS);
export const action = (args: Route.ActionArgs) => resourceAction(args, SECTIONS);

export default function AdminHome({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceScreen
      title={CAROUSEL.texts.title}
      ownScreensTitle="More home page content"
      specs={SECTIONS}
      views={loaderData}
      actionData={actionData}
    />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Home page", matches[0]?.loaderData?.siteName);
}
