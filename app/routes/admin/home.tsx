// /admin/home, 'Admin Dashboard - Carousel' (spec admin-back-office §2 "Carousel admin ... embeds the blog
// teaser, instructor call-to-action and FAQ admin sections below it"; issue 16): four declared
// resources on one screen (decision 029), the last three linked to their own screens (issue 29).
import type { Route } from "./+types/home";
import { BLOG_TEASERS, CAROUSEL, FAQS, INSTRUCTOR_CTAS } from "../../../contract/content-resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = [CAROUSEL, BLOG_TEASERS, INSTRUCTOR_CTAS, FAQS];

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
