// The bench's yardstick for page answers (issue 20 "Speed"): nginx serving the very bytes the app
// answered, from files, on the same machine. One worker process, like the app's one Node process.
// nginx comes from Debian; the bench installs it when it is missing and it may (root).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const NGINX_PATHS = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The nginx binary, installing Debian's package when none is there and this process may; else null. */
export function findNginx(log: (message: string) => void): string | null {
  const found = NGINX_PATHS.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    log("nginx is not installed (apt-get install nginx-light as root): the page ratios are not measured");
    return null;
  }
  log("installing nginx-light from Debian for the page ratios");
  const env = { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const installed = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx-light"], {
    stdio: "ignore",
    env,
  });
  if (installed.status !== 0) {
    spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx"], { stdio: "ignore", env });
  }
  return NGINX_PATHS.find((p) => existsSync(p)) ?? null;
}

/** The file name a URL path is kept under ("/" is index.html). */
export function fileOf(urlPath: string): string {
  return urlPath === "/" ? "index.html" : urlPath.replace(/^\//, "").replace(/[^\w.-]/g, "_");
}

/**
 * Writes `pages` (URL path → the bytes the app answered) under `dir`, and an nginx configuration serving
 * them as text/html on `port`: no logs, keep-alive as the app's, one worker. Returns the config's path.
 */
export async function writeNginxSite(dir: string, port: number, pages: Record<string, Buffer>): Promise<string> {
  const root = path.join(dir, "html");
  await mkdir(root, { recursive: true, mode: 0o755 });
  const locations: string[] = [];
  for (const [urlPath, body] of Object.entries(pages)) {
    const file = fileOf(urlPath);
    await writeFile(path.join(root, file), body, { mode: 0o644 });
    locations.push(`    location = ${urlPath} { try_files /${file} =404; }`);
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
