// /admin/instructor-ctas (spec admin-back-office §2, §5, §8; issue 16): a declared resource's screen (decision 029).
import type { Route } from "./+types/instructor-ctas";
import { INSTRUCTOR_CTAS } from "../../../contract/content-resources.ts";
import { loadResources, resourceAction } from "../../lib/admin-resource.server.ts";
import { adminMeta } from "../../components/admin/admin-shell.tsx";
import { ResourceScreen } from "../../components/admin/resource-screen.tsx";

const SECTIONS = [INSTRUCTOR_CTAS];

export const loader = (args: Route.LoaderArgs) => loadResources(args, SECTIONS);
export const action = (args: Route.ActionArgs) => resourceAction(args, SECTIONS);

export default function InstructorCtas({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceScreen title={INSTRUCTOR_CTAS.texts.title} specs={SECTIONS} views={loaderData} actionData={actionData} />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(INSTRUCTOR_CTAS.texts.title, matches[0]?.loaderData?.siteName);
}
