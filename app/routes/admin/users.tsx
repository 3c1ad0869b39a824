// /admin/users: the accounts, searchable by e-mail or username, with a grant/revoke admin button each.
// Changing a role is a dangerous action: when the admin's last password proof is older than the step-up
// window the service answers step_up_required, and the page asks for the password (StepUpPrompt); the
// confirmation carries the intended change, which is applied as soon as the password is right.
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { ACCESS_MESSAGES as ACTOR_MESSAGES, ROLES, type Role } from "../../../contract/auth.ts";
import { readFormBody } from "../../lib/forms.server.ts";
import { toPageError } from "../../lib/page-errors.server.ts";
import { appContext } from "../../lib/context.ts";
import { requireAdminPage } from "../../lib/guards.server.ts";
import { formatLagosDate } from "../../../contract/dates.ts";
import { AdminPageHeader, adminMeta } from "../../components/admin/admin-shell.tsx";
import { DataTable, type Column } from "../../components/admin/data-table.tsx";
import { readPageNumber } from "../../../contract/paging.ts";
import { StepUpPrompt } from "../../components/admin/step-up-prompt.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { SearchField } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

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
interface RoleChange {
  userId: string;
  role: Role;
  name: string;
}

export type UsersActionData =
  | { kind: "done"; message: string }
  | { kind: "error"; message: string }
  | { kind: "step-up"; prompt: string; change: RoleChange; error?: string };

const MESSAGES = {
  badChange: "That change could not be read. Please use the buttons of the list.",
  granted: (name: string) => `${name} is now an admin.`,
  revoked: (name: string) => `${name} is no longer an admin.`,
};

function readChange(fields: Record<string, unknown>): RoleChange | null {
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === "string" ? value : "";
  };
  const userId = text("userId").trim();
  const role = text("role");
  const name = text("name").trim().slice(0, 254) || userId;
  if (!userId || userId.length > 100 || !ROLES.includes(role as Role)) return null;
  return { userId, role: role as Role, name };
}

export async function action({ request, context }: Route.ActionArgs): Promise<UsersActionData> {
  const ctx = context.get(appContext);
  const actor = requireAdminPage(request, ctx);
  // A body that is no form (text/plain, broken multipart) is a 400, as on every page (forms.server.ts).
  const { fields } = await readFormBody(request);
  const change = readChange(fields);
  if (!change) return { kind: "error", message: MESSAGES.badChange };

  let acting = actor;
  if (fields.intent === "confirm") {
    const password = fields.password;
    try {
      const { verifiedAt } = await ctx.services.users.verifyPassword(
        actor,
        typeof password === "string" ? password : "",
      );
      // This request's actor was read before the proof: it carries the session's new time from here on.
      acting = { ...actor, verifiedAt: new Date(verifiedAt) };
    } catch (error) {
      const refused = toPageError(error);
      if (refused?.code === "invalid") {
        return { kind: "step-up", prompt: ACTOR_MESSAGES.stepUp, change, error: refused.message };
      }
      throw error;
    }
  }

  try {
    const updated = await ctx.services.users.setRole(acting, change.userId, change.role);
    // An admin who gave up the role may no longer see this page: home, as the plain user they now are.
    if (updated.id === actor.id && updated.role !== "admin") throw redirect("/");
    const name = updated.username ?? updated.email;
    return { kind: "done", message: updated.role === "admin" ? MESSAGES.granted(name) : MESSAGES.revoked(name) };
  } catch (error) {
    const refused = toPageError(error);
    if (!refused) throw error;
    if (refused.code === "step_up_required") return { kind: "step-up", prompt: refused.message, change };
    // conflict: it would leave no admin; not_found: the account is gone; invalid: not a role
    if (refused.code === "conflict" || refused.code === "not_found" || refused.code === "invalid") {
      return { kind: "error", message: refused.message };
    }
    throw error;
  }
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function Badge({ tone, children }: { tone: "brand" | "green" | "amber" | "slate"; children: React.ReactNode }) {
  const tones = {
    brand: "bg-brand-100 text-brand-900",
    green: "bg-green-100 text-green-900",
    amber: "bg-amber-100 text-amber-900",
    slate: "bg-slate-100 text-slate-800",
  };
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}

function RoleButton({ user }: { user: UserRow }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("userId") === user.id &&
    navigation.formData?.get("intent") === "set-role";
  const name = user.username ?? user.email;
  const grant = user.role !== "admin";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="set-role" />
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

  // The result of a change is a toast (announced by the toaster's live region); without JavaScript
  // the server-rendered page shows it in the status line instead. The header and the status line stay
  // in place whichever view shows, so that the confirmation lands in a region that already exists.
  const hydrated = useHydrated();
  useToast(actionData, actionData?.kind === "done" ? actionData.message : null);
  const header = (
    <>
      <AdminPageHeader title="Users" lead="Every account, newest first. Admins manage the whole academy." />
      <div role="status">
        {!hydrated && actionData?.kind === "done" && (
          <p className="mt-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 font-semibold text-green-900">
            {actionData.message}
          </p>
        )}
      </div>
    </>
  );

  if (actionData?.kind === "step-up") {
    const { change } = actionData;
    return (
      <>
        {header}
        <StepUpPrompt
          prompt={actionData.prompt}
          error={actionData.error}
          answer={actionData}
          summary={
            change.role === "admin"
              ? `You are about to grant the admin role to ${change.name}.`
              : `You are about to revoke the admin role from ${change.name}.`
          }
          fields={{ userId: change.userId, role: change.role, name: change.name }}
          confirmLabel={change.role === "admin" ? "Confirm and grant admin" : "Confirm and revoke admin"}
          cancelTo={query(page)}
        />
      </>
    );
  }

  return (
    <>
      {header}
      {actionData?.kind === "error" && (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-semibold text-red-800"
        >
          {actionData.message}
        </p>
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
