// Domain errors on the page side (architecture: services throw typed errors; one place maps them to
// HTTP). Loaders and actions reach the services through `pageServices(...)`, which turns a thrown
// DomainError into React Router's `data({ code, message }, { status })`: the page then answers 404,
// 403, 409 or 422 and the one error boundary (app/root.tsx) shows the message, instead of a 500.
import { data } from "react-router";
import { dataErrorToDomain } from "../../server/db/errors.ts";
import { DomainError, STATUS_BY_CODE, type ErrorCode } from "../../server/lib/errors.ts";
import type { Logger } from "../../server/lib/logger.ts";

/** What a page learns of a refused call: the error code, its message and the HTTP status. */
export interface PageError {
  code: ErrorCode;
  message: string;
  status: number;
}

/** The body of a thrown page error (`error.data` in an ErrorBoundary). */
export type PageErrorData = { code: ErrorCode; message: string };

/** A DomainError, or one already turned into `data(...)` by pageServices; null for anything else. */
export function toPageError(error: unknown): PageError | null {
  if (error instanceof DomainError) {
    return { code: error.code, message: error.message, status: STATUS_BY_CODE[error.code] };
  }
  if (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit") {
    const { data: body, init } = error as { data?: Partial<PageErrorData>; init?: { status?: number } | null };
    if (body && typeof body.code === "string" && typeof body.message === "string" && body.code in STATUS_BY_CODE) {
      return { code: body.code as ErrorCode, message: body.message, status: init?.status ?? 500 };
    }
  }
  return null;
}

/** A refusal of who is asking (401, 403): the page sends the visitor on, it does not show a failed read. */
export const isAccessRefusal = (refused: PageError | null): boolean =>
  refused?.status === 401 || refused?.status === 403;

/**
 * Runs a service call for an action: its refusal (a domain error) comes back as a value for the page to
 * say, anything else (a bug) is thrown on.
 */
export async function refusalOf(call: () => Promise<unknown>): Promise<PageError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    const refused = toPageError(error);
    if (!refused) throw error;
    return refused;
  }
}

/** What an admin screen says after its own text when a call failed for no reason it can name. */
export const UNEXPECTED_REASON = "Something went wrong on our side. Please try again.";

/**
 * refusalOf for an action that answers on its own screen (issue 29): an unexpected failure (a bug, the
 * database gone) is a value too, a 500 with UNEXPECTED_REASON, so the screen says the spec's text
 * ('Failed to delete coupon...') instead of the error page; the cause is logged as one JSON line.
 */
export async function failureOf(
  call: () => Promise<unknown>,
  logger: Pick<Logger, "error">,
  what: string,
): Promise<PageError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    const refused = toPageError(error);
    if (refused) return refused;
    // a redirect, or a response thrown on purpose, goes on
    if (error instanceof Response) throw error;
    logger.error(what, { error });
    return { code: "unavailable", message: UNEXPECTED_REASON, status: 500 };
  }
}

/** The reason phrase of each status a page error can have (React Router's default is "Internal Server Error"). */
export const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
};

function rethrow(error: unknown): never {
  // A value the database cannot store (a NUL in a search box, say: SQLSTATE class 22) is bad input too.
  const domain = error instanceof DomainError ? error : dataErrorToDomain(error);
  if (domain) {
    const body: PageErrorData = { code: domain.code, message: domain.message };
    const status = STATUS_BY_CODE[domain.code];
    throw data(body, { status, statusText: STATUS_TEXT[status] });
  }
  throw error;
}

function wrapService<S extends object>(service: S): S {
  return new Proxy(service, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      // a service made of services (resources.carousel, singles.hero): its methods answer page errors too
      if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
        return wrapService(value);
      }
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch(rethrow) : result;
        } catch (error) {
          rethrow(error);
        }
      };
    },
  });
}

/** The services as pages use them: every method of every service throws page errors (see above). */
export function pageServices<T extends Record<string, object>>(services: T, skip: ReadonlyArray<keyof T> = []): T {
  const wrapped = {} as T;
  for (const key of Object.keys(services) as Array<keyof T>) {
    wrapped[key] = skip.includes(key) ? services[key] : (wrapService(services[key]) as T[keyof T]);
  }
  return wrapped;
}
