import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "./lib/context.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { InlineStylesheetProvider } from "./lib/inline-stylesheet.tsx";
import stylesheetText from "./app.css?inline";
import { varyOnSaveData } from "./lib/save-data.ts";
import { paintFirst } from "./lib/paint-first.server.ts";
import { logPageError } from "./lib/log.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(appContext).nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={import.meta.env.DEV ? "" : stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // every page differs with the request's Save-Data (the root loader's data, app/lib/save-data.ts)
          varyOnSaveData(responseHeaders);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          if (import.meta.env.DEV) pipe(body);
          else {
            const whole = paintFirstStream();
            whole.pipe(body);
            pipe(whole);
          }
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logPageError(error, { request, context: loadContext });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The whole document, rewritten by `paintFirst` (decision 045) before any of it is sent. The pages render
 * their shell at once (no streamed boundaries on the public pages), so holding the document back costs no
 * first byte that matters; a boundary resolved later is in the same document and passes through unchanged.
 */
function paintFirstStream(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, paintFirst(Buffer.concat(chunks).toString("utf8")));
    },
  });
}

/** Loader data fetched by client-side navigations carries the root's Save-Data too: it varies alike. */
export function handleDataRequest(response: Response) {
  varyOnSaveData(response.headers);
  return response;
}

/**
 * An unexpected error of a loader, an action or a render: one JSON line with the stack as a field
 * (app/lib/log.server.ts; issue 29), instead of React Router's multi-line console.error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  logPageError(error, { request, context });
};
