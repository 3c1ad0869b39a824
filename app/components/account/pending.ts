import type { useNavigation } from "react-router";

/**
 * True from the moment a form posts to `path` until the page it leads to has loaded (the redirect
 * after a successful sign-in included), so the button keeps saying so and a second click is ignored.
 */
export function isPendingFor(navigation: ReturnType<typeof useNavigation>, path: string): boolean {
  if (navigation.state === "idle" || !navigation.formMethod) return false;
  return navigation.formMethod.toUpperCase() === "POST" && navigation.formAction?.split("?")[0] === path;
}
