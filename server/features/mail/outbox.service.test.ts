// The Outbox service only lets admins read the mailer's messages and its health (architecture: services
// check the actor).
import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/actor.ts";
import { DomainError } from "../../lib/errors.ts";
import type { Mailer } from "./mail.service.ts";
import { createOutboxService } from "./outbox.service.ts";

const actor = (role: "user" | "admin"): Actor => ({
  id: "a".repeat(24),
  username: role,
  email: `${role}@example.com`,
  image: null,
  role,
  sessionId: "s1",
  verifiedAt: new Date(),
});

function fakeMailer() {
  const calls: unknown[] = [];
  const mailer: Pick<Mailer, "list" | "get" | "health"> = {
    list: async (page) => {
      calls.push(["list", page]);
      return { items: [], total: 0 };
    },
    get: async (id) => {
      calls.push(["get", id]);
      return { id } as Awaited<ReturnType<Mailer["get"]>>;
    },
    health: async () => {
      calls.push(["health"]);
      return { failing: false };
    },
  };
  return { mailer, calls };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "none",
    (error: unknown) => (error instanceof DomainError ? error.code : "other"),
  );

describe("outbox service", () => {
  it("hands an admin's list and get to the mailer", async () => {
    const { mailer, calls } = fakeMailer();
    const outbox = createOutboxService(mailer);
    await expect(outbox.list(actor("admin"), { page: 3 })).resolves.toEqual({
      items: [],
      page: 3,
      pageSize: 25,
      total: 0,
    });
    await expect(outbox.get(actor("admin"), "b".repeat(24))).resolves.toEqual({ id: "b".repeat(24) });
    await expect(outbox.health(actor("admin"))).resolves.toEqual({ failing: false });
    expect(calls).toEqual([["list", { limit: 25, offset: 50 }], ["get", "b".repeat(24)], ["health"]]);
  });

  it("refuses the signed out (unauthorized) and plain users (forbidden) before reaching the mailer", async () => {
    const { mailer, calls } = fakeMailer();
    const outbox = createOutboxService(mailer);
    expect(await codeOf(outbox.list(null))).toBe("unauthorized");
    expect(await codeOf(outbox.list(actor("user")))).toBe("forbidden");
    expect(await codeOf(outbox.get(actor("user"), "b".repeat(24)))).toBe("forbidden");
    expect(await codeOf(outbox.health(null))).toBe("unauthorized");
    expect(await codeOf(outbox.health(actor("user")))).toBe("forbidden");
    expect(calls).toEqual([]);
  });
});
