// The one paging contract of every list (issue 7 "Lists, one kit"): a page of anything is
// `{ items, page, pageSize, total }`, asked for with `?page=&pageSize=`. The API validates the query
// with pageQuerySchema (a clear 422 for what is not a page number); the pages read their address with
// readPageNumber (anything unreadable is the first page, as a link typed by hand should not fail).
import { z } from "zod";

/** The last page number anyone may ask for: the offset stays a small number. */
export const PAGE_MAX = 10_000;
/** The most rows one answer carries, whatever a client asks for. */
export const PAGE_SIZE_MAX = 100;

export const PAGING_MESSAGES = {
  page: "page must be a whole number from 1",
  pageSize: "pageSize must be a whole number from 1",
};

/**
 * `page` and `pageSize` from a query string. Not a whole number, or below 1: 422 with the message
 * above. Above the limits: clamped (page PAGE_MAX, pageSize the list's own maximum), so a client
 * asking for "all" gets the most there is on one page instead of an error.
 */
export function pageQuerySchema(options: { pageSize: number; maxPageSize?: number }) {
  const maxPageSize = Math.min(options.maxPageSize ?? PAGE_SIZE_MAX, PAGE_SIZE_MAX);
  const whole = (message: string, max: number) =>
    z.coerce
      .number({ error: message })
      .int(message)
      .min(1, message)
      .transform((n) => Math.min(n, max));
  return z.object({
    page: whole(PAGING_MESSAGES.page, PAGE_MAX).optional().default(1),
    pageSize: whole(PAGING_MESSAGES.pageSize, maxPageSize).optional().default(options.pageSize),
  });
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A page of items, with what a pager needs to link to the others. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The response schema of a page of `item`, for route contracts and the OpenAPI document. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

/** The rows to skip for a page. */
export const offsetOf = ({ page, pageSize }: PageQuery): number => (page - 1) * pageSize;

/** How many pages `total` rows make (at least one, the empty first page). */
export const pageCount = ({ pageSize, total }: Pick<Page<unknown>, "pageSize" | "total">): number =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * ?page= as a page loader reads it: the API's rule, except that an unreadable value is the first page
 * instead of an error (a mistyped address shows the first page). The page size is the list's own.
 */
export function readPageNumber(params: URLSearchParams): number {
  const parsed = pageQuerySchema({ pageSize: 1 }).shape.page.safeParse(params.get("page") ?? undefined);
  return parsed.success ? parsed.data : 1;
}
