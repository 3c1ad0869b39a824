// Typed domain errors (conventions §5). Services throw these; app.onError maps them to HTTP once.
export type ErrorCode =
  | "bad_request"
  | "not_found"
  | "forbidden"
  | "unauthorized"
  | "invalid"
  | "conflict"
  | "too_large"
  | "too_many_requests"
  | "step_up_required"
  | "unavailable";

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const NotFound = (message: string) => new DomainError("not_found", message);
export const Forbidden = (message: string) => new DomainError("forbidden", message);
export const Unauthorized = (message: string) => new DomainError("unauthorized", message);
export const Invalid = (message: string, details?: unknown) => new DomainError("invalid", message, details);
/** A request that breaks a rule of the protocol it follows (ImageKit's upload fields: 400, as ImageKit answers). */
export const BadRequest = (message: string) => new DomainError("bad_request", message);
export const Conflict = (message: string) => new DomainError("conflict", message);
export const TooManyRequests = (message: string) => new DomainError("too_many_requests", message);
/** A dangerous action asks for the password again (spec "moderate" step-up level). */
export const StepUpRequired = (message: string) => new DomainError("step_up_required", message);

/** A service we depend on (the payment gateway) did not answer or refused: try again later. */
export const Unavailable = (message: string) => new DomainError("unavailable", message);

export const STATUS_BY_CODE: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503> = {
  bad_request: 400,
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many_requests: 429,
  step_up_required: 403,
  unavailable: 503,
};
