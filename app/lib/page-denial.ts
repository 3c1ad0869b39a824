// What a page refused by the access middleware (page-access.server.ts) sends to the root ErrorBoundary:
// loaders do not run when it refuses, so the denial carries the frame of the error page (the site name
// and the signed-in user of the header) next to its message.
import type { Viewer } from "../../contract/account/auth.ts";

export interface PageDenial {
  message: string;
  siteName: string;
  viewer: Viewer | null;
}

export function isPageDenial(value: unknown): value is PageDenial {
  return typeof value === "object" && value !== null && typeof (value as PageDenial).message === "string";
}

export const PAGE_NOT_FOUND = "The page you are looking for does not exist or has moved.";
