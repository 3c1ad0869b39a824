// An ordered list of groups, each with its ordered items (contract/admin/admin-resource.ts NestedListSpec;
// a course's chapters and lessons): every row with its state badges and its actions, all small POST forms
// (keyboard and no-JavaScript friendly): Edit (the page form above, `?edit=<id>`), Up and Down, the
// toggle (publish), Delete after its question (on the page without JavaScript). What else a row shows
// (its files, its uploads) is the screen's own (`itemExtra`). While work done elsewhere shows in it (a video
// being converted: `refreshing`), the list reads itself again every few seconds, and says so with a
// Refresh link for a page without JavaScript. OrderedList is one level of the same (a quiz's questions).
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { NestedLevelSpec, NestedListSpec, OrderedListSpec } from "../../../contract/admin/admin-resource.ts";
import { confirmationOf, type ActionResult } from "../../lib/action-result.ts";
import { useRevalidateWhile } from "../../lib/use-revalidate-while.ts";
import { buttonClass } from "../ui/button.tsx";
import { ConfirmAction, ConfirmOnPage } from "../ui/confirm-dialog.tsx";
import { FlashNotice } from "../ui/flash-message.tsx";
import { Notice } from "../ui/form.tsx";
import { useToast } from "../ui/toast.tsx";
import { Badge } from "./badge.tsx";
import { useHere } from "./declared-form.tsx";
import { MoveButton } from "./move-button.tsx";

type Answer = ActionResult<string, Partial<Record<string, string>>, unknown>;
const ghost = buttonClass("ghost", "sm", "border border-slate-300");

/** A row's heading, state and actions. */
function RowHead<T extends { _id: string }>({
  level,
  row,
  first,
  last,
  heading: Heading,
  more,
}: {
  level: NestedLevelSpec<T>;
  row: T;
  first: boolean;
  last: boolean;
  heading: "h3" | "h4";
  /** links after Edit (a group's "Add a lesson") */
  more?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const { hrefWith } = useHere();
  const name = level.name(row);
  const busy = (op: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === `${level.key}.${op}` &&
    navigation.formData?.get("id") === row._id;
  const toggle = level.toggle;
  const on = toggle?.isOn(row) ?? false;
  const toggleLabel = on ? toggle?.turnOff : toggle?.turnOn;
  const detail = level.detail?.(row);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <Heading className={`font-bold break-words text-slate-900 ${Heading === "h3" ? "text-lg" : "text-base"}`}>
          {name}
        </Heading>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {level.badges?.(row).map((b) => (
            <Badge key={b.label} tone={b.tone}>
              {b.label}
            </Badge>
          ))}
          {detail ? <span className="text-sm text-slate-600">{detail}</span> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={hrefWith("edit", row._id, `${level.form}-form-title`)} aria-label={`Edit ${name}`} className={ghost}>
          Edit
        </Link>
        {level.links?.(row).map((link) => (
          <Link key={link.href} to={link.href} aria-label={link.name} className={ghost}>
            {link.label}
          </Link>
        ))}
        {more}
        <MoveButton
          fields={{ intent: `${level.key}.move`, id: row._id }}
          direction="up"
          label={name}
          disabled={first}
          busy={busy("move")}
        />
        <MoveButton
          fields={{ intent: `${level.key}.move`, id: row._id }}
          direction="down"
          label={name}
          disabled={last}
          busy={busy("move")}
        />
        {toggle ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={`${level.key}.toggle`} />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name={toggle.field} value={on ? "false" : "true"} />
            <button
              type="submit"
              aria-label={`${toggleLabel} ${name}`}
              aria-disabled={busy("toggle") || undefined}
              onClick={(e) => {
                if (busy("toggle")) e.preventDefault();
              }}
              className={ghost}
            >
              {busy("toggle") ? "Working…" : toggleLabel}
            </button>
          </Form>
        ) : null}
        <ConfirmAction
          fields={{ intent: `${level.key}.delete`, id: row._id }}
          label="Delete"
          accessibleLabel={`Delete ${name}`}
          question={level.confirmDelete(row)}
          busy={busy("delete")}
        />
      </div>
    </div>
  );
}

export function NestedList<G extends { _id: string }, I extends { _id: string }>({
  spec,
  groups,
  actionData,
  refreshing,
  itemExtra,
  answers = [],
}: {
  spec: NestedListSpec<G, I>;
  groups: readonly G[];
  actionData: Answer | undefined;
  /** work going on elsewhere that the rows show: read again while `active`, the note saying so */
  refreshing?: { active: boolean; note: string; label: string };
  /** what an item shows under its head (its files and uploads) */
  itemExtra?: (item: I) => React.ReactNode;
  /** the screen's own intents whose refusals show here too (a material's Remove) */
  answers?: readonly string[];
}) {
  const { here, hrefWith } = useHere();
  const { pathname, search } = useLocation();
  useRevalidateWhile(refreshing?.active ?? false);
  const { group, item } = spec;
  const ops = ["move", "toggle", "delete"];
  const intents = [...[group.key, item.key].flatMap((key) => ops.map((op) => `${key}.${op}`)), ...answers];
  const failure = actionData && !actionData.ok && intents.includes(actionData.intent ?? "") ? actionData : undefined;
  useToast(failure, failure?.formError, "error");
  const asking =
    confirmationOf<{ id: string }>(actionData, `${group.key}.delete`) ??
    confirmationOf<{ id: string }>(actionData, `${item.key}.delete`);
  const askingIntent = confirmationOf(actionData, `${group.key}.delete`) ? `${group.key}.delete` : `${item.key}.delete`;
  return (
    <section id={spec.id} aria-labelledby={`${spec.id}-title`} className="mt-12 scroll-mt-20">
      <FlashNotice at={spec.id} />
      <h2 id={`${spec.id}-title`} className="text-xl font-extrabold tracking-tight text-brand-950">
        {spec.title}
      </h2>
      {spec.lead ? <p className="mt-1 text-slate-600">{spec.lead}</p> : null}
      {refreshing?.active ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {refreshing.note}{" "}
          <Link to={`${pathname}${search}`} className="font-medium text-brand-700 underline">
            {refreshing.label}
          </Link>
        </p>
      ) : null}
      {failure?.formError ? (
        <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
          {failure.formError}
        </Notice>
      ) : null}
      {asking ? (
        <ConfirmOnPage
          question={asking.message}
          fields={{ intent: askingIntent, id: asking.values.id }}
          cancelTo={here}
        />
      ) : null}
      {groups.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-slate-600">{spec.empty}</p>
      ) : (
        <ol className="mt-4 space-y-6">
          {groups.map((g, gi) => {
            const items = spec.itemsOf(g);
            return (
              <li key={g._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <RowHead
                  level={group}
                  row={g}
                  first={gi === 0}
                  last={gi === groups.length - 1}
                  heading="h3"
                  more={
                    <Link
                      to={hrefWith(spec.addItem.param, g._id, `${item.form}-form-title`)}
                      aria-label={spec.addItem.name(group.name(g))}
                      className={ghost}
                    >
                      {spec.addItem.label}
                    </Link>
                  }
                />
                {items.length === 0 ? (
                  <p className="mt-3 text-sm text-slate-600">{spec.emptyGroup}</p>
                ) : (
                  <ol className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
                    {items.map((it, ii) => (
                      <li key={it._id} className="py-3 sm:pl-4">
                        <RowHead level={item} row={it} first={ii === 0} last={ii === items.length - 1} heading="h4" />
                        {itemExtra ? <div className="mt-3">{itemExtra(it)}</div> : null}
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** One level (OrderedListSpec): the rows in order, each with Edit, Up, Down and Delete after its question. */
export function OrderedList<T extends { _id: string }>({
  spec,
  rows,
  actionData,
  rowExtra,
}: {
  spec: OrderedListSpec<T>;
  rows: readonly T[];
  actionData: Answer | undefined;
  /** what a row shows under its head (a question's options) */
  rowExtra?: (row: T) => React.ReactNode;
}) {
  const { here } = useHere();
  const { row } = spec;
  const intents = ["move", "toggle", "delete"].map((op) => `${row.key}.${op}`);
  const failure = actionData && !actionData.ok && intents.includes(actionData.intent ?? "") ? actionData : undefined;
  useToast(failure, failure?.formError, "error");
  const asking = confirmationOf<{ id: string }>(actionData, `${row.key}.delete`);
  return (
    <section id={spec.id} aria-labelledby={`${spec.id}-title`} className="mt-12 scroll-mt-20">
      <FlashNotice at={spec.id} />
      <h2 id={`${spec.id}-title`} className="text-xl font-extrabold tracking-tight text-brand-950">
        {spec.title}
      </h2>
      {spec.lead ? <p className="mt-1 text-slate-600">{spec.lead}</p> : null}
      {failure?.formError ? (
        <Notice tone="error" className="mt-3 rounded-lg border px-4 py-3">
          {failure.formError}
        </Notice>
      ) : null}
      {asking ? (
        <ConfirmOnPage
          question={asking.message}
          fields={{ intent: `${row.key}.delete`, id: asking.values.id }}
          cancelTo={here}
        />
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-slate-600">{spec.empty}</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 shadow-sm">
          {rows.map((r, i) => (
            <li key={r._id} className="py-4">
              <RowHead level={row} row={r} first={i === 0} last={i === rows.length - 1} heading="h3" />
              {rowExtra ? <div className="mt-3">{rowExtra(r)}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
