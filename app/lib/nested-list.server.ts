// The action half of a nested list (contract/admin/admin-resource.ts NestedListSpec; a course's chapters and
// lessons) and of a raw upload posted without JavaScript (RawUploadSpec), on the one action kernel
// (app/lib/action.server.ts): `{key}.move` (`direction`), `{key}.toggle` (the toggle's field, "true" or
// "false"), `{key}.delete` after the row's own question (`{key}.confirm` without JavaScript), for each
// level, through the feature's adapter; a success comes back to `back` with its message.
import type {
  NestedLevelSpec,
  NestedListSpec,
  OrderedListSpec,
  RawUploadSpec,
} from "../../contract/admin/admin-resource.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import { failure, refuse, runAction, type ActionAnswer, type ActionCall } from "./action.server.ts";

/** A level's writes, by the admin of the request, and its rows as the question needs them. */
export interface LevelAdapter<T> {
  find: (id: string) => Promise<T | undefined>;
  move: (id: string, direction: string) => Promise<unknown>;
  /** a level with a toggle */
  toggle?: (id: string, on: boolean) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

export const NESTED_MESSAGES = {
  gone: "it no longer exists. Refresh the page.",
  noFile: "Choose a file first.",
};

function levelAction<T extends { _id: string }>(
  call: ActionCall<Actor>,
  level: NestedLevelSpec<T>,
  adapter: LevelAdapter<T>,
  back: string,
): Promise<ActionAnswer | Response> | null {
  const t = level.texts;
  const id = call.rowId;
  const intent = call.intent;
  const refused = (r: { message: string }) => t.failed + r.message;
  if (intent === `${level.key}.move`) {
    return runAction(call, {
      intent,
      values: { id },
      run: () => adapter.move(id, call.text("direction")),
      refused,
      back,
      done: () => t.moved,
    });
  }
  const { toggle } = level;
  if (intent === `${level.key}.toggle` && toggle && adapter.toggle) {
    const on = call.text(toggle.field) === "true";
    const turn = adapter.toggle;
    return runAction(call, {
      intent,
      values: { id },
      run: async () => {
        await turn(id, on);
        return adapter.find(id);
      },
      refused,
      back,
      done: (row) => (on ? t.turnedOn : t.turnedOff)?.(row ? level.name(row) : "") ?? "",
    });
  }
  if (intent === `${level.key}.delete`) {
    return runAction(call, {
      intent,
      values: { id },
      // the row's own question (a lesson with learners' progress says how many lose it)
      confirm: async () => {
        const row = await adapter.find(id);
        return row
          ? { question: level.confirmDelete(row), values: { id } }
          : refuse({ formError: t.failed + NESTED_MESSAGES.gone });
      },
      run: () => adapter.remove(id),
      refused,
      back,
      done: () => t.deleted,
    });
  }
  return null;
}

/** The list's own intents, or null for any other (the screen's forms). */
export function nestedListAction<G extends { _id: string }, I extends { _id: string }>(
  call: ActionCall<Actor>,
  spec: NestedListSpec<G, I>,
  adapter: { group: LevelAdapter<G>; item: LevelAdapter<I> },
  back: string,
): Promise<ActionAnswer | Response> | null {
  return levelAction(call, spec.group, adapter.group, back) ?? levelAction(call, spec.item, adapter.item, back);
}

/** A one-level list's intents (OrderedListSpec: `{key}.move`, `{key}.delete`), or null for any other. */
export function orderedListAction<T extends { _id: string }>(
  call: ActionCall<Actor>,
  spec: OrderedListSpec<T>,
  adapter: LevelAdapter<T>,
  back: string,
): Promise<ActionAnswer | Response> | null {
  return levelAction(call, spec.row, adapter, back);
}

/** A raw upload posted with the page's form (no JavaScript): the file as `file`, for the row `id`. */
export function rawUploadAction(
  call: ActionCall<Actor>,
  spec: RawUploadSpec,
  run: (id: string, file: File) => Promise<unknown>,
  back: string,
): Promise<ActionAnswer | Response> {
  const id = call.rowId;
  const file = call.body.files.file;
  if (!file) return Promise.resolve(failure(spec.intent, { formError: spec.failed + NESTED_MESSAGES.noFile }, { id }));
  return runAction(call, {
    intent: spec.intent,
    values: { id },
    run: () => run(id, file),
    refused: (r) => spec.failed + r.message,
    back,
    done: () => spec.uploaded,
  });
}
