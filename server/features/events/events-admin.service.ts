// The events admin (admin-back-office §2 "Events and talents admin", "Event admin detail", §3, §7, §8;
// issue 18; decision 036): add, edit and delete events (the start in Lagos time, the streaming link
// https only and never public, the cover and the photos), each write audited in its own transaction and
// through `writeContent` (the showcase shows events); an event with paid tickets is hidden, never
// deleted; a new start time reschedules the streaming-link e-mails of its tickets. The /tickets screen
// reaches the same service through `formService` (the declared-resource kit's text values).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { RESOURCE_PAGE_SIZE, linesOf, type ResourceItem } from "../../../contract/admin/admin-resource.ts";
import { describeIssues } from "../../../contract/lib/common.ts";
import { dateToLagosLocal, formatLagosDateTime } from "../../../contract/lib/dates.ts";
import { koboToNaira } from "../../../contract/lib/money.ts";
import {
  EVENT_MESSAGES as M,
  EventInputSchema,
  type AdminEvent,
  type EventPurchase,
  type EventValues,
} from "../../../contract/showcase/events.ts";
import { offsetOf, type Page, type PageQuery } from "../../../contract/lib/paging.ts";
import type { EventField } from "../../../contract/showcase/showcase-resources.ts";
import { TICKET_TYPES } from "../../../contract/showcase/tickets.ts";
import type { Db } from "../../db/client.ts";
import { writeContent, type ContentTx } from "../../db/content-version.ts";
import { eventPurchases, events, payments } from "../../db/schema.ts";
import { Conflict, Invalid, NotFound } from "../../lib/errors.ts";
import { isId } from "../../lib/id.ts";
import type { Logger } from "../../lib/logger.ts";
import { requireAdmin, type Actor } from "../auth/actor.ts";
import { recordAudit } from "../admin/audit.ts";

type EventRow = typeof events.$inferSelect;

/** Purchase statuses that are tickets someone paid for (refunded ones included: their records stay). */
const SOLD = ["paid", "refunded"];
/** A payment being refunded, or refunded: its ticket no longer counts (the refunds' statuses). */
const REFUNDING = ["refund_pending", "refunded"];

export interface EventsAdminDeps {
  db: Db;
  /** after a start time changed (committed): the streaming-link e-mails follow it; none without a queue */
  reschedule?: (eventId: string) => Promise<unknown>;
  logger?: Logger;
}

export function toAdminEvent(row: EventRow): AdminEvent {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    time: row.time,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    coverPhoto: row.coverPhoto,
    photos: row.photos,
    streamUrl: row.streamUrl,
    hidden: row.hidden,
  };
}

/** What the audit log keeps of an event: its fields (the start as an instant). */
function auditValues(row: EventRow) {
  return {
    name: row.name,
    description: row.description,
    time: row.time,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    streamUrl: row.streamUrl,
    coverPhoto: row.coverPhoto,
    photos: row.photos,
    hidden: row.hidden,
  };
}

/** The checked input as the table takes it (the start an instant). */
function parse(body: unknown) {
  const parsed = EventInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw Invalid(describeIssues(parsed.error.issues));
  const values: EventValues = parsed.data;
  return { ...values, startsAt: values.startsAt ? new Date(values.startsAt) : null };
}

function checkId(id: string): string {
  if (!isId(id)) throw NotFound(M.notFound);
  return id;
}

/** What a ticket cost, naira: its amount, or (records from before payments kept one) the price list's. */
function amountOf(p: { amount: number | null; ticketType: string; quantity: number }): number {
  if (p.amount !== null) return koboToNaira(p.amount);
  const price = TICKET_TYPES.find((t) => t.value === p.ticketType)?.price ?? 0;
  return price * p.quantity;
}

export function createEventsAdminService(deps: EventsAdminDeps) {
  const { db } = deps;

  async function lockEvent(tx: ContentTx, id: string): Promise<EventRow> {
    const [row] = await tx
      .select()
      .from(events)
      .where(eq(events.id, checkId(id)))
      .for("update");
    if (!row) throw NotFound(M.notFound);
    return row;
  }

  async function afterStartChanged(eventId: string) {
    if (!deps.reschedule) return;
    try {
      await deps.reschedule(eventId);
    } catch (error) {
      // the event is saved; the jobs of its tickets are made again by the next save (or sent at the old time)
      deps.logger?.error("events: rescheduling the streaming links failed", { eventId, error: String(error) });
    }
  }

  const service = {
    /** GET /api/events/{id}: the event as admins see it, streaming link and hidden flag included. */
    async get(actor: Actor | null, id: string): Promise<AdminEvent> {
      requireAdmin(actor);
      const [row] = await db
        .select()
        .from(events)
        .where(eq(events.id, checkId(id)));
      if (!row) throw NotFound(M.notFound);
      return toAdminEvent(row);
    },

    /** The admin list, newest first, with each event's tickets sold (paid quantity). */
    async listPage(actor: Actor | null, query: PageQuery): Promise<Page<AdminEvent & { ticketsSold: number }>> {
      requireAdmin(actor);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(events)
          .orderBy(desc(events.createdAt), desc(events.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(events),
      ]);
      const ids = rows.map((r) => r.id);
      const sold =
        ids.length > 0
          ? await db
              .select({
                eventId: eventPurchases.eventId,
                n: sql<number>`coalesce(sum(${eventPurchases.quantity}), 0)::int`,
              })
              .from(eventPurchases)
              .where(and(inArray(eventPurchases.eventId, ids), eq(eventPurchases.paymentStatus, "paid")))
              .groupBy(eventPurchases.eventId)
          : [];
      const soldBy = new Map(sold.map((s) => [s.eventId, Number(s.n)]));
      return {
        items: rows.map((r) => ({ ...toAdminEvent(r), ticketsSold: soldBy.get(r.id) ?? 0 })),
        page: query.page,
        pageSize: query.pageSize,
        total: total?.n ?? 0,
      };
    },

    /** POST /api/events */
    async create(actor: Actor | null, body: unknown): Promise<AdminEvent> {
      const admin = requireAdmin(actor);
      const values = parse(body);
      return writeContent(db, ["events"], async (tx) => {
        const [row] = await tx.insert(events).values(values).returning();
        await recordAudit(tx, admin, {
          action: "create",
          resource: "events",
          itemId: row!.id,
          itemLabel: row!.name,
          before: null,
          after: auditValues(row!),
        });
        return toAdminEvent(row!);
      });
    },

    /** PUT /api/events/{id}: every field replaced; a new start reschedules the streaming-link e-mails. */
    async update(actor: Actor | null, id: string, body: unknown): Promise<AdminEvent> {
      const admin = requireAdmin(actor);
      checkId(id);
      const values = parse(body);
      const { row, moved } = await writeContent(db, ["events"], async (tx) => {
        const before = await lockEvent(tx, id);
        const [row] = await tx
          .update(events)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(events.id, id))
          .returning();
        // the tickets' purchase records carry the event's name as it was sold (spec admin §3): kept
        await recordAudit(tx, admin, {
          action: "update",
          resource: "events",
          itemId: id,
          itemLabel: row!.name,
          before: auditValues(before),
          after: auditValues(row!),
        });
        const moved = (before.startsAt?.getTime() ?? null) !== (row!.startsAt?.getTime() ?? null);
        return { row: row!, moved };
      });
      if (moved) await afterStartChanged(id);
      return toAdminEvent(row);
    },

    /** DELETE /api/events/{id}: refused (409) while it has paid tickets: it is hidden instead. */
    async remove(actor: Actor | null, id: string): Promise<{ message: string; _id: string }> {
      const admin = requireAdmin(actor);
      checkId(id);
      return writeContent(db, ["events"], async (tx) => {
        const before = await lockEvent(tx, id);
        const [sold] = await tx
          .select({ n: count() })
          .from(eventPurchases)
          .where(and(eq(eventPurchases.eventId, id), inArray(eventPurchases.paymentStatus, SOLD)));
        if ((sold?.n ?? 0) > 0) throw Conflict(M.hasPaidTickets);
        await tx.delete(events).where(eq(events.id, id));
        await recordAudit(tx, admin, {
          action: "delete",
          resource: "events",
          itemId: id,
          itemLabel: before.name,
          before: auditValues(before),
          after: null,
        });
        return { message: "Event deleted successfully", _id: id };
      });
    },

    /**
     * GET /api/events/{id}/purchases: the event's tickets (paid, being refunded, refunded; not the
     * payments that never completed), newest first, with what each cost and how many are in.
     */
    async purchases(actor: Actor | null, id: string): Promise<EventPurchase[]> {
      requireAdmin(actor);
      const [event] = await db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.id, checkId(id)));
      if (!event) throw NotFound(M.notFound);
      const rows = await db
        .select({ purchase: eventPurchases, paymentStatus: payments.status })
        .from(eventPurchases)
        .leftJoin(payments, eq(payments.reference, eventPurchases.paymentReference))
        .where(and(eq(eventPurchases.eventId, id), inArray(eventPurchases.paymentStatus, SOLD)))
        .orderBy(desc(eventPurchases.purchasedAt), desc(eventPurchases.id));
      return rows.map(({ purchase: p, paymentStatus }) => ({
        _id: p.id,
        email: p.email,
        ticketType: p.ticketType,
        quantity: p.quantity,
        eventName: p.eventName,
        purchasedAt: p.purchasedAt.toISOString(),
        status:
          p.paymentStatus === "refunded" || paymentStatus === "refunded"
            ? "refunded"
            : paymentStatus && REFUNDING.includes(paymentStatus)
              ? "refund_pending"
              : "paid",
        paymentReference: p.paymentReference,
        paymentState: paymentStatus ?? null,
        amount: amountOf(p),
        checkedIn: p.checkedIn,
      }));
    },
  };

  /** The /tickets screen's view of an event: every field as its form shows it (the kit's text values). */
  const toFormItem = (e: AdminEvent & { ticketsSold?: number }): ResourceItem<EventField> & Record<string, string> => ({
    _id: e._id,
    name: e.name,
    description: e.description,
    time: e.time,
    startsAt: e.startsAt ? dateToLagosLocal(e.startsAt) : "",
    streamUrl: e.streamUrl ?? "",
    coverPhoto: e.coverPhoto,
    photos: e.photos.join("\n"),
    hidden: e.hidden ? "yes" : "",
    startsText: e.startsAt ? formatLagosDateTime(e.startsAt) : "",
    ticketsText: String(e.ticketsSold ?? 0),
  });

  /** The form's text values as the API's input: the start in Lagos time, the photos one a line. */
  const fromForm = (body: unknown) => {
    const v = (body ?? {}) as Partial<Record<EventField, string>>;
    return {
      name: v.name,
      description: v.description,
      time: v.time,
      startsAt: v.startsAt || null,
      streamUrl: v.streamUrl || null,
      coverPhoto: v.coverPhoto,
      photos: linesOf(v.photos ?? ""),
      hidden: v.hidden === "yes",
    };
  };

  /** The declared-resource kit's interface (app/lib/admin-resource.server.ts) over this service. */
  const formService = {
    async listPage(actor: Actor | null, query: PageQuery) {
      const page = await service.listPage(actor, { ...query, pageSize: query.pageSize || RESOURCE_PAGE_SIZE });
      return { ...page, items: page.items.map(toFormItem) };
    },
    get: async (actor: Actor | null, id: string) => toFormItem(await service.get(actor, id)),
    create: async (actor: Actor | null, body: unknown) => toFormItem(await service.create(actor, fromForm(body))),
    update: async (actor: Actor | null, id: string, body: unknown) =>
      toFormItem(await service.update(actor, id, fromForm(body))),
    remove: (actor: Actor | null, id: string) => service.remove(actor, id),
    move: async (): Promise<never> => {
      throw NotFound("Events have no order to change");
    },
  };

  return { ...service, formService };
}

export type EventsAdminService = ReturnType<typeof createEventsAdminService>;
