// A page's action (app/routes/*.tsx) called as React Router calls it, on a test app's real services: a
// form post by an actor, answered with the action's data (with its status and headers when it sets them,
// `data(value, init)`), or the Response it returns or throws (a redirect), whose flash message
// (app/lib/flash.server.ts) `flashOf` reads. Anything else it throws (a 400 for a body that is no form)
// is thrown on. `pageContext` is the context a loader or an action reads.
import { RouterContextProvider } from "react-router";
import { appContext } from "../../app/lib/context.ts";
import { takeFlash, type Flash } from "../../app/lib/flash.server.ts";
import type { Actor } from "../../server/features/auth/actor.ts";
import type { TestAccount } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

const COOKIES = { cookieSecret: "test-cookie-secret", secureCookies: false };

/** The page's actor for an account: a plain user unless `admin`; its password last proved at `verifiedAt`. */
export function actorOf(
  account: Pick<TestAccount, "id" | "username" | "email">,
  options: { admin?: boolean; verifiedAt?: Date | null } = {},
): Actor {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    image: null,
    role: options.admin ? "admin" : "user",
    sessionId: "test",
    verifiedAt: options.verifiedAt ?? null,
  };
}

/** The context a page's loader and action read (app/lib/context.ts), with the test app's services. */
export function pageContext(t: TestApp, who: Actor | null, clientIp = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services: t.services,
    siteName: "TechAfrica",
    publicUrl: t.env.PUBLIC_URL,
    nonce: "",
    actor: who,
    clientIp,
    viewer: null,
    ...COOKIES,
  });
  return context;
}

export type ActionAnswer<T> =
  | { data: T; status: number; headers: Headers; response?: undefined }
  | { response: Response; status: number; headers: Headers; data?: undefined };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's own ActionArgs
type AnyAction = (args: any) => unknown;

/** Posts `fields` (or `body`, as it is) to `action` at `path` as `who`. */
export async function postToAction<T>(
  t: TestApp,
  action: AnyAction,
  {
    path,
    pattern = path,
    params = {},
    who,
    fields = {},
    body,
    clientIp = "127.0.0.1",
    headers,
  }: {
    path: string;
    pattern?: string;
    params?: Record<string, string>;
    who: Actor | null;
    fields?: Record<string, string>;
    body?: BodyInit;
    clientIp?: string;
    /** the request's own headers (a Cookie, an Origin) */
    headers?: Record<string, string>;
  },
): Promise<ActionAnswer<T>> {
  const context = pageContext(t, who, clientIp);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: body ?? new URLSearchParams(fields),
    headers,
  });
  let result: unknown;
  try {
    result = await action({ request, params, context, url: new URL(request.url), pattern });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { response: result, status: result.status, headers: result.headers };
  const answered = result as { type?: unknown; data?: T; init?: ResponseInit | null };
  if (answered?.type === "DataWithResponseInit") {
    return {
      data: answered.data as T,
      status: answered.init?.status ?? 200,
      headers: new Headers(answered.init?.headers),
    };
  }
  return { data: result as T, status: 200, headers: new Headers() };
}

/** The message a redirect leaves for the page it leads to, as the root would read it. */
export async function flashOf(response: Response): Promise<Flash | null> {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) return null;
  const { flash } = await takeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }), COOKIES);
  return flash;
}
