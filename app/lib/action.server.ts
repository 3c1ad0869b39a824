// The one action kernel (decision 069; issue 30): every admin and account write reads its post with
// readAction and answers through runAction, which parses the form with the contract's schema, asks the
// question of a delete posted without `confirmed=yes`, asks for the password again when the service
// refuses with step_up_required (withStepUp: one code, one password check), runs the service, says a
// refusal as the form's failure, and answers a success with a redirect and its message (or, for a page
// that shows the success beside its form, that success as data). One result shape: ActionResult
// (app/lib/action-result.ts); the constructors of its answers are here and nowhere else in app/.
//
//   export async function action(args: Route.ActionArgs) {
//     const call = await readAction(args, "admin");
//     return runAction(call, {
//       intent: "faqs.save",
//       form: { schema: FaqInputSchema, fields: FIELDS, labels: LABELS, keep: FIELDS },
//       run: (data, actor) => call.ctx.services.faqs.create(actor, data),
//       done: () => go("/admin/faqs", "FAQ saved"),
//     });
//   }
import type { z } from "zod";
import { ACCESS_MESSAGES } from "../../contract/account/auth.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import {
  confirmIntentOf,
  STEP_UP_CODE,
  type ActionFailure,
  type ActionSuccess,
  type FieldErrors,
} from "./action-result.ts";
import { appContext, type AppContext } from "./context.ts";
import { redirectWithMessage } from "./flash.server.ts";
import { parseBody, readFormBody, type FormBody, type FormSpec } from "./forms.server.ts";
import { pageAddressOf, requireAdminPage, requireUserPage } from "./guards.server.ts";
import { pageLogger } from "./log.server.ts";
import { failureOf, refusalOf, type PageError } from "./page-errors.server.ts";

type Args = { request: Request; context: { get: (key: typeof appContext) => AppContext } };
type Text = Record<string, string | undefined>;

/** A post as an action reads it: who sends it, its body, its intent. */
export interface ActionCall<A extends Actor | null = Actor> {
  ctx: AppContext;
  actor: A;
  request: Request;
  body: FormBody;
  /** the posted `intent`, "" when none */
  intent: string;
  /** a posted field as text, "" when it is absent or not text */
  text: (name: string) => string;
  /** the posted row `id` (a list's Edit, Delete or own button), trimmed, at most 100 characters */
  rowId: string;
  /** the post carries `confirmed=yes` (the dialog's, or the page's question answered) */
  confirmed: boolean;
}

/**
 * Reads a post after its guard: an admin's (403 otherwise), a signed-in user's (to /login otherwise) or
 * anyone's. A body that is no form is a 400 (readFormBody).
 */
export async function readAction(args: Args, guard: "admin" | "user"): Promise<ActionCall<Actor>>;
export async function readAction(args: Args, guard: "anyone"): Promise<ActionCall<Actor | null>>;
export async function readAction(args: Args, guard: "admin" | "user" | "anyone"): Promise<ActionCall<Actor | null>> {
  const ctx = args.context.get(appContext);
  const actor =
    guard === "admin"
      ? requireAdminPage(args.request, ctx)
      : guard === "user"
        ? requireUserPage(args.request, ctx)
        : ctx.actor;
  const body = await readFormBody(args.request);
  const text = (name: string) => (typeof body.fields[name] === "string" ? (body.fields[name] as string) : "");
  return {
    ctx,
    actor,
    request: args.request,
    body,
    intent: text("intent"),
    text,
    rowId: text("id").trim().slice(0, 100),
    confirmed: text("confirmed") === "yes",
  };
}

/**
 * What runAction answers: the one ActionResult, typed loosely enough to be each page's own (its fields,
 * its values) without a cast; the values are the form's kept fields and the spec's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fits every page's own ActionResult
type Loose = any;
export type FailureAnswer = Omit<ActionFailure<Loose, Loose>, "invalidFields"> & { invalidFields?: Loose };
export type ActionAnswer = ActionSuccess<Loose> | FailureAnswer;

/** What a failure says: above the form, beside fields, its code; `values` only when not the form's own. */
export interface FailureParts {
  formError?: string;
  fieldErrors?: FieldErrors<string>;
  invalidFields?: string[];
  code?: string;
  values?: Text;
}

/** A success that redirects: to `to` with `message` shown there once (app/lib/flash.server.ts). */
export interface Go {
  go: string;
  message: string;
  /** in place of the page in the history (a deleted post's page: Back does not lead to its 404) */
  replace?: boolean;
}

/** A success the page shows beside its form (a preview, a message that goes after 3 seconds): data. */
export interface Stay<S> {
  stay: string;
  values: S;
  /** its tag when not the form's (a preview's answer) */
  intent?: string;
}

/** The question before a delete, and what the confirmed post carries (default: the answer's values). */
export interface Ask {
  question: string;
  values?: Text;
}

/** A refusal the service answered as a value (the auth flows' `{ ok: false, message, field }`). */
export interface Refuse {
  refuse: FailureParts;
}

/** What a success answers (see ActionSpec.done). */
export type Done<Sv> = string | Go | Stay<Sv> | Refuse | Response;

export const go = (to: string, message: string, options: { replace?: boolean } = {}): Go => ({
  go: to,
  message,
  ...options,
});
export const stay = <S>(message: string, values: S, intent?: string): Stay<S> => ({
  stay: message,
  values,
  ...(intent !== undefined ? { intent } : {}),
});
export const refuse = (parts: FailureParts): Refuse => ({ refuse: parts });

/** A refusal's parts with its domain error code kept (the page tells "conflict" from "not_found"...). */
export const withCode = (refused: PageError): FailureParts => ({ formError: refused.message, code: refused.code });

/**
 * A service's `{ message, field }` refusal: beside its field when the form shows that field, else above
 * the form.
 */
export function outcomeParts(outcome: { message: string; field?: string }, fields: readonly string[]): FailureParts {
  const field = fields.find((f) => f === outcome.field);
  return field ? { fieldErrors: { [field]: outcome.message } } : { formError: outcome.message };
}

/** The one failure constructor: tagged with `intent` when the page has several forms. */
export function failure(intent: string | undefined, parts: Omit<FailureParts, "values">, values: Text): FailureAnswer {
  return {
    ok: false,
    ...(intent !== undefined ? { intent } : {}),
    ...(parts.formError !== undefined ? { formError: parts.formError } : {}),
    fieldErrors: parts.fieldErrors ?? {},
    values,
    ...(parts.invalidFields ? { invalidFields: parts.invalidFields } : {}),
    ...(parts.code !== undefined ? { code: parts.code } : {}),
  };
}

function success<S>(intent: string | undefined, message: string, values: S): ActionSuccess<S> {
  return { ok: true, ...(intent !== undefined ? { intent } : {}), message, values };
}

export interface ActionSpec<F extends string, S extends z.ZodType, R, Sv, A extends Actor | null> {
  /** the form's tag on every answer (`coupon.save`); its question is tagged `<noun>.confirm` */
  intent?: string;
  /** what every answer carries besides the kept fields (the row's id, the change to apply) */
  values?: Text;
  /** the form: the contract's schema, the fields shown and their labels, the fields kept (parseBody) */
  form?: FormSpec<F, S>;
  /** problems found before the schema (an upload that failed, a picture too big), beside their fields */
  precheck?: () => FieldErrors<string> | Promise<FieldErrors<string>>;
  /** the form's failure as the page words it (a prefix, its own sentence); default: as parsed */
  invalid?: (parts: { formError?: string; fieldErrors: FieldErrors<string> }) => FailureParts;
  /** ask first: a post without `confirmed=yes` answers this question (or a refusal found before asking) */
  confirm?: Ask | (() => Promise<Ask | Refuse>);
  /** a dangerous action: withStepUp, the password again when the last proof is too old (see there) */
  stepUp?: StepUp;
  /** the service call, by `actor` (carrying the fresh proof after a step-up) */
  run: (data: z.output<S>, actor: A) => Promise<R>;
  /** how a refusal reads (default: the service's message above the form) */
  refused?: (refused: PageError) => string | FailureParts;
  /** set: an unexpected error is said on the page too (UNEXPECTED_REASON) and logged with this text */
  logAs?: string;
  /** where a success given as a bare message redirects (default: this page, its query kept) */
  back?: string;
  /** the success: a message (redirect to `back`), go(...), stay(...) for data, refuse(...), or a Response */
  done: (result: R, data: z.output<S>) => Done<Sv> | Promise<Done<Sv>>;
}

/**
 * withStepUp's settings: `posts`, the intent StepUpPrompt's form posts with the password (and the
 * change in hidden fields); `intent`, the tag of the prompt's answer when not the form's own.
 */
export interface StepUp {
  posts: string;
  intent?: string;
}

/**
 * The one step-up (spec public-area §6 "moderate"): on the prompt's post the password is checked
 * (services.users.verifyPassword) and `run` goes on with an actor carrying the fresh proof; a service
 * that refuses with step_up_required, or a wrong password, is the one failure with code
 * STEP_UP_CODE, the prompt as its formError, why the password was refused beside the field, and the
 * change in its values.
 */
export async function withStepUp<T>(
  call: ActionCall<Actor | null>,
  stepUp: StepUp,
  ask: (passwordError?: string) => ActionFailure<string, Text>,
  run: (actor: Actor) => Promise<T | PageError>,
): Promise<T | ActionFailure<string, Text>> {
  let acting = call.actor as Actor;
  if (call.intent === stepUp.posts) {
    const refused = await refusalOf(async () => {
      const { verifiedAt } = await call.ctx.services.users.verifyPassword(acting, call.text("password"));
      // this request's actor was read before the proof: it carries the session's new time from here on
      acting = { ...acting, verifiedAt: new Date(verifiedAt) };
    });
    if (refused) return ask(refused.message);
  }
  const answer = await run(acting);
  return isPageError(answer) && answer.code === STEP_UP_CODE ? ask() : (answer as T);
}

function isPageError(value: unknown): value is PageError {
  const v = value as Partial<PageError> | null;
  return !!v && typeof v === "object" && typeof v.code === "string" && typeof v.status === "number";
}

/** An action that asks nothing and shows no success beside its form: it answers a failure or a redirect. */
type RedirectingSpec<F extends string, S extends z.ZodType, R, A extends Actor | null> = Omit<
  ActionSpec<F, S, R, never, A>,
  "confirm" | "done"
> & {
  confirm?: undefined;
  done: (
    result: R,
    data: z.output<S>,
  ) => Exclude<Done<never>, Stay<never>> | Promise<Exclude<Done<never>, Stay<never>>>;
};

/** The one action kernel: see the top of this file. */
export async function runAction<F extends string, S extends z.ZodType, R, A extends Actor | null>(
  call: ActionCall<A>,
  spec: RedirectingSpec<F, S, R, A>,
): Promise<FailureAnswer | Response>;
export async function runAction<F extends string, S extends z.ZodType, R, Sv, A extends Actor | null>(
  call: ActionCall<A>,
  spec: ActionSpec<F, S, R, Sv, A>,
): Promise<ActionAnswer | Response>;
export async function runAction<F extends string, S extends z.ZodType, R, Sv, A extends Actor | null>(
  call: ActionCall<A>,
  spec: ActionSpec<F, S, R, Sv, A>,
): Promise<ActionAnswer | Response> {
  const { ctx, body } = call;
  let values: Text = { ...spec.values };
  const fail = (parts: FailureParts) => failure(spec.intent, parts, parts.values ?? values);

  // the form, with the contract's schema (and what was found wrong before it)
  const before = (await spec.precheck?.()) ?? {};
  let data = undefined as z.output<S>;
  const parsed = spec.form ? parseBody(body, spec.form) : null;
  if (parsed) values = { ...(parsed.ok ? parsed.values : parsed.failure.values), ...spec.values };
  if ((parsed && !parsed.ok) || Object.keys(before).length > 0) {
    const problems = {
      formError: parsed && !parsed.ok ? parsed.failure.formError : undefined,
      fieldErrors: { ...(parsed && !parsed.ok ? parsed.failure.fieldErrors : {}), ...before },
    };
    return fail(spec.invalid ? spec.invalid(problems) : problems);
  }
  if (parsed?.ok) data = parsed.data;

  // the question first (not on the step-up prompt's post: it was asked before the prompt)
  const stepping = spec.stepUp !== undefined && call.intent === spec.stepUp.posts;
  if (spec.confirm && !call.confirmed && !stepping) {
    const asked = typeof spec.confirm === "function" ? await spec.confirm() : spec.confirm;
    if ("refuse" in asked) return fail(asked.refuse);
    return success(confirmIntentOf(spec.intent ?? ""), asked.question, { ...(asked.values ?? values) } as Sv);
  }

  // the service, through the step-up when the action is a dangerous one
  let result = undefined as R;
  const attempt = async (actor: A): Promise<PageError | null> => {
    const call = async () => {
      result = await spec.run(data, actor);
    };
    return spec.logAs ? failureOf(call, pageLogger(ctx), spec.logAs) : refusalOf(call);
  };
  let refused: PageError | null;
  if (spec.stepUp) {
    const stepUp = spec.stepUp;
    const ask = (passwordError?: string) =>
      failure(
        stepUp.intent ?? spec.intent,
        {
          formError: ACCESS_MESSAGES.stepUp,
          code: STEP_UP_CODE,
          fieldErrors: passwordError ? { password: passwordError } : {},
        },
        values,
      );
    const answer = await withStepUp(call, stepUp, ask, (actor) => attempt(actor as A));
    if (answer && "ok" in answer) return answer;
    refused = answer;
  } else {
    refused = await attempt(call.actor);
  }
  if (refused) {
    const said = spec.refused ? spec.refused(refused) : refused.message;
    return fail(typeof said === "string" ? { formError: said } : said);
  }

  // the success
  const done = await spec.done(result, data);
  if (done instanceof Response) return done;
  if (typeof done === "string") return redirectWithMessage(ctx, spec.back ?? pageAddressOf(call.request), done);
  if ("go" in done) {
    const response = await redirectWithMessage(ctx, done.go, done.message);
    if (done.replace) response.headers.set("X-Remix-Replace", "true");
    return response;
  }
  if ("refuse" in done) return fail(done.refuse);
  return success(done.intent ?? spec.intent, done.stay, done.values);
}
