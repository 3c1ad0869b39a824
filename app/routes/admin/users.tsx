// /admin/users: the accounts, searchable by e-mail or username, with a grant/revoke admin button each.
// One form → result → message path (decision 029): a change that goes through redirects back to the
// list (its search and page kept) with its message as a flash the root shows once; a refusal comes back
// as an ActionFailure tagged "users.role". Changing a role is a dangerous action: when the admin's last
// password proof is older than the step-up window the answer is a failure with the one step-up code,
// step_up_required (its formError the prompt, its values the intended change), and the page asks for the
// password (StepUpPrompt); the confirmation ("users.confirm") carries the change, which is applied as
// soon as the password is right. The same with and without JavaScript (app/lib/action.server.ts).
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { ACCESS_MESSAGES, ROLES, type Role } from "../../../contract/account/auth.ts";
import type { ActionFailure } from "../../lib/action-result.ts";
import { failure, go, readAction, runAction, withCode } from "../../lib/action.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDate } from "../../../contract/lib/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { Badge } from "../../components/admin/badge.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { readPageNumber } from "../../../contract/lib/paging.ts";
import { StepUpPrompt, stepUpOf } from "../../components/admin/step-up-prompt.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Notice, SearchField } from "../../components/ui/form.tsx";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const result = await ctx.services.users.list(actor, {
    search: search || undefined,
    page: readPageNumber(url.searchParams),
  });
  return {
    search,
    page: result.page,
    pageSize: result.pageSize,
    total: result.total,
    users: result.items.map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      role: u.role,
      emailVerified: u.emailVerified,
      joined: formatLagosDate(u.createdAt),
      joinedIso: u.createdAt,
      isSelf: u.id === actor.id,
    })),
  };
}

/** The change a row's button asks for; `name` is only for the messages of this page. */
type RoleChange = { userId: string; role: Role; name: string };

/** The forms of this page: a row's button, and the step-up prompt's confirmation. */
const INTENTS = { role: "users.role", confirm: "users.confirm" } as const;

type UsersFailure = ActionFailure<"password", Partial<RoleChange>>;

const MESSAGES = {
  badChange: "That change could not be read. Please use the buttons of the list.",
  granted: (name: string) => `${name} is now an admin.`,
  revoked: (name: string) => `${name} is no longer an admin.`,
};

function readChange(text: (name: string) => string): RoleChange | null {
  const userId = text("userId").trim();
  const role = text("role");
  const name = text("name").trim().slice(0, 254) || userId;
  if (!userId || userId.length > 100 || !ROLES.includes(role as Role)) return null;
  return { userId, role: role as Role, name };
}

/** The change a step-up failure carries, when it is whole. */
function changeOf(values: Partial<RoleChange>): RoleChange | null {
  const { userId, role, name } = values;
  return userId && role && name ? { userId, role, name } : null;
}

export async function action(args: Route.ActionArgs): Promise<UsersFailure | Response> {
  const call = await readAction(args, "admin");
  const change = readChange(call.text);
  if (!change) return failure(INTENTS.role, { formError: MESSAGES.badChange }, {});
  return runAction(call, {
    intent: INTENTS.role,
    values: change,
    // a dangerous action: the prompt's post (users.confirm) carries the change and the password
    stepUp: { posts: INTENTS.confirm, intent: INTENTS.confirm },
    run: (_, acting) => call.ctx.services.users.setRole(acting, change.userId, change.role),
    // conflict: it would leave no admin; not_found: the account is gone
    refused: withCode,
    done: (updated) => {
      const name = updated.username ?? updated.email;
      const message = updated.role === "admin" ? MESSAGES.granted(name) : MESSAGES.revoked(name);
      // An admin who gave up the role may no longer see this page: home, as the plain user they now are.
      const gaveUp = updated.id === call.actor.id && updated.role !== "admin";
      return gaveUp ? go("/", message) : message;
    },
  });
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function RoleButton({ user }: { user: UserRow }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("userId") === user.id &&
    navigation.formData?.get("intent") === INTENTS.role;
  const name = user.username ?? user.email;
  const grant = user.role !== "admin";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={INTENTS.role} />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="role" value={grant ? "admin" : "user"} />
      <input type="hidden" name="name" value={name} />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={buttonClass(
          grant ? "secondary" : "ghost",
          "sm",
          grant ? "" : "border border-red-300 text-red-800 hover:bg-red-50",
        )}
      >
        {busy ? "Saving…" : grant ? "Grant admin" : "Revoke admin"}
        <span className="sr-only"> {grant ? `to ${name}` : `from ${name}`}</span>
      </button>
    </Form>
  );
}

const COLUMNS: ReadonlyArray<Column<UserRow>> = [
  {
    key: "account",
    header: "Account",
    rowHeader: true,
    cell: (user) => (
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">
          {user.username ?? "(no username)"}
          {user.isSelf && <span className="ml-2 text-sm font-normal text-slate-600">(you)</span>}
        </p>
        <p className="text-sm break-all text-slate-700">{user.email}</p>
      </div>
    ),
  },
  {
    key: "role",
    header: "Role",
    cell: (user) => <Badge tone={user.role === "admin" ? "brand" : "slate"}>{user.role}</Badge>,
  },
  {
    key: "verified",
    header: "Verified",
    cell: (user) => <Badge tone={user.emailVerified ? "green" : "amber"}>{user.emailVerified ? "yes" : "no"}</Badge>,
  },
  {
    key: "joined",
    header: "Joined",
    cell: (user) => (
      <time dateTime={user.joinedIso} className="text-slate-800">
        {user.joined}
      </time>
    ),
  },
];

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, search, page, pageSize, total } = loaderData;
  const query = (p: number) => {
    const params = new URLSearchParams();
    if (search) params.set("search", search);
    if (p > 1) params.set("page", String(p));
    const qs = params.toString();
    return qs ? `/admin/users?${qs}` : "/admin/users";
  };

  const header = <AdminPageHeader title="Users" lead="Every account, newest first. Admins manage the whole academy." />;
  // (a change that went through is the root's flash message: a toast, or a notice without JavaScript)
  const stepUp = stepUpOf(actionData);
  const change = stepUp ? changeOf(stepUp.values) : null;
  if (stepUp && change) {
    return (
      <>
        {header}
        <StepUpPrompt
          intent={INTENTS.confirm}
          prompt={stepUp.formError ?? ACCESS_MESSAGES.stepUp}
          error={stepUp.fieldErrors.password}
          answer={stepUp}
          summary={
            change.role === "admin"
              ? `You are about to grant the admin role to ${change.name}.`
              : `You are about to revoke the admin role from ${change.name}.`
          }
          fields={change}
          confirmLabel={change.role === "admin" ? "Confirm and grant admin" : "Confirm and revoke admin"}
          cancelTo={query(page)}
        />
      </>
    );
  }

  return (
    <>
      {header}
      {actionData?.formError && (
        <Notice tone="error" className="mt-6 rounded-lg border px-4 py-3" textClass="font-semibold text-red-800">
          {actionData.formError}
        </Notice>
      )}

      <Form method="get" role="search" aria-label="Accounts" className="mt-6 flex flex-wrap items-end gap-3">
        <SearchField
          id="user-search"
          name="search"
          label="Search by e-mail or username"
          defaultValue={search}
          maxLength={100}
        />
        <button type="submit" className={buttonClass("primary", "md")}>
          Search
        </button>
        {search && (
          <Link to="/admin/users" className={buttonClass("ghost", "md")}>
            Clear search
          </Link>
        )}
      </Form>

      <section aria-labelledby="accounts-title" className="mt-8">
        <h2 id="accounts-title" className="text-lg font-bold text-slate-900">
          {search
            ? `${total} ${total === 1 ? "account matches" : "accounts match"} “${search}”`
            : `${total} ${total === 1 ? "account" : "accounts"}`}
        </h2>
        <DataTable
          labelledBy="accounts-title"
          columns={COLUMNS}
          rows={users}
          rowKey={(user) => user.id}
          actions={(user) => <RoleButton user={user} />}
          actionsHeader="Role change"
          empty="No accounts found."
          page={{ page, pageSize, total }}
          pager={{ label: "Account pages", hrefFor: query }}
        />
      </section>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta("Users", matches[0]?.loaderData?.siteName);
}
