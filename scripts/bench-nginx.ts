// The bench's yardstick for page answers (issue 20 "Speed"): nginx serving the very bytes the app
// answered, from files, on the same machine. One worker process, like the app's one Node process.
// nginx comes from Debian; the bench installs it when it is missing and it may (root).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { findDebianTool } from "./bench-wrk.ts";

const NGINX_PATHS = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The nginx binary, installing Debian's package when none is there and this process may; else null. */
export function findNginx(log: (message: string) => void): string | null {
  return findDebianTool(NGINX_PATHS, ["nginx-light", "nginx"], "the nginx comparison", log);
}

/** The file name a URL path is kept under ("/" is index.html). */
export function fileOf(urlPath: string): string {
  return urlPath === "/" ? "index.html" : urlPath.replace(/^\//, "").replace(/[^\w.-]/g, "_");
}

/** An answer as the app sent it: its bytes (compressed when it was), its type and its encoding. */
export interface ServedBytes {
  body: Buffer;
  type: string;
  encoding: string | null;
  /** every header of the answer but those Node writes itself (Date, Connection, Keep-Alive), as sent */
  headers?: Array<[string, string]>;
}

/**
 * Writes `pages` (URL path → the bytes the app answered) under `dir`, and an nginx configuration serving
 * them with their type and encoding on `port`: no logs, keep-alive as the app's, one worker. Returns the
 * config's path.
 */
export async function writeNginxSite(dir: string, port: number, pages: Record<string, ServedBytes>): Promise<string> {
  const root = path.join(dir, "html");
  await mkdir(root, { recursive: true, mode: 0o755 });
  const locations: string[] = [];
  for (const [urlPath, page] of Object.entries(pages)) {
    const file = fileOf(urlPath);
    await writeFile(path.join(root, file), page.body, { mode: 0o644 });
    const encoding = page.encoding ? ` add_header Content-Encoding ${page.encoding};` : "";
    const type = page.type.split(";")[0]!.trim();
    locations.push(
      `    location = ${urlPath} { types { } default_type "${type}";${encoding} try_files /${file} =404; }`,
    );
  }
  const config = [
    "daemon off;",
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    "  default_type text/html;",
    "  keepalive_timeout 65s;",
    "  keepalive_requests 100000;",
    `  client_body_temp_path ${path.join(dir, "body")};`,
    `  proxy_temp_path ${path.join(dir, "proxy")};`,
    `  fastcgi_temp_path ${path.join(dir, "fastcgi")};`,
    `  uwsgi_temp_path ${path.join(dir, "uwsgi")};`,
    `  scgi_temp_path ${path.join(dir, "scgi")};`,
    "  server {",
    `    listen 127.0.0.1:${port};`,
    `    root ${root};`,
    ...locations,
    "  }",
    "}",
    "",
  ].join("\n");
  const file = path.join(dir, "nginx.conf");
  await writeFile(file, config);
  return file;
}

/** The target: the app answers a cached page at 30 % or more of nginx's rate. */
export const NGINX_RATIO_TARGET = 0.3;
