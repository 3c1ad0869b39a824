// Who is asking: the signed-in user behind a request, and the checks services make with it
// (architecture: "Services take the acting user and check permissions themselves").
import { ACCESS_MESSAGES, STEP_UP_MAX_AGE_MINUTES, type Role, type Viewer } from "../../../contract/account/auth.ts";
import { Forbidden, StepUpRequired, Unauthorized } from "../../lib/errors.ts";

export interface Actor {
  id: string;
  username: string;
  email: string;
  image: string | null;
  role: Role;
  sessionId: string;
  /** when this session last proved the password (sign-in or step-up) */
  verifiedAt: Date | null;
}

/** The signed-in user as the web sees it (spec: username, imageUrl, publicMetadata.role). */
export function toViewer(actor: Actor): Viewer {
  return {
    id: actor.id,
    username: actor.username,
    email: actor.email,
    imageUrl: actor.image,
    publicMetadata: { role: actor.role },
  };
}

export function isAdmin(actor: Actor | null): boolean {
  return actor?.role === "admin";
}

export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw Unauthorized(ACCESS_MESSAGES.signIn);
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (user.role !== "admin") throw Forbidden(ACCESS_MESSAGES.adminsOnly);
  return user;
}

/** The spec's "moderate" step-up level (60 minutes) unless STEP_UP_MAX_AGE_SECONDS says otherwise. */
export const DEFAULT_STEP_UP_MAX_AGE_MS = STEP_UP_MAX_AGE_MINUTES * 60_000;

/** True when the password was proved within the step-up window. */
export function isRecentlyVerified(actor: Actor, maxAgeMs = DEFAULT_STEP_UP_MAX_AGE_MS, now = new Date()): boolean {
  if (!actor.verifiedAt) return false;
  return now.getTime() - actor.verifiedAt.getTime() <= maxAgeMs;
}

/** Dangerous admin actions (changing a role, bulk e-mail, deleting a course) call this first. */
export function requireRecentVerification(actor: Actor, maxAgeMs = DEFAULT_STEP_UP_MAX_AGE_MS, now = new Date()): void {
  if (!isRecentlyVerified(actor, maxAgeMs, now)) throw StepUpRequired(ACCESS_MESSAGES.stepUp);
}
