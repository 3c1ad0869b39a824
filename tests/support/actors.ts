// A signed-in admin as the services see one, for tests that call a page action or a service directly
// (no database user behind it: the service under test is a fake or checks the role only).
import type { Actor } from "../../server/features/auth/actor.ts";

export const TEST_ADMIN: Actor = {
  id: "a",
  username: "ada",
  email: "ada@example.test",
  image: null,
  role: "admin",
  sessionId: "s",
  verifiedAt: null,
};
