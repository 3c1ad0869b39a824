// The bench's bare Node yardstick for cached answers (issue 35; decision 049): a node:http server that
// writes, for each path, the very bytes and content headers the app answered (read once from the files
// the bench wrote), from memory. No framework, no middleware: what Node itself costs to answer a
// request with a buffer. Usage: node scripts/bench-bytes-server.ts PORT MANIFEST.json [--all-headers], where
// the manifest maps each path to { file, type, encoding, headers }. With --all-headers it writes every
// header the app wrote (its security headers, CSP, ETag, request id…) rather than the content headers
// only: what node:http costs to write the app's whole answer. Listens on 127.0.0.1 only; SIGTERM ends it.
import { readFileSync } from "node:fs";
import http from "node:http";

const [portText, manifestFile, mode] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile!, "utf8")) as Record<
  string,
  { file: string; type: string; encoding: string | null; headers?: Array<[string, string]> }
>;
const answers = new Map<string, { body: Buffer; headers: Array<string | number> }>(
  Object.entries(manifest).map(([path, { file, type, encoding, headers: all }]) => {
    const body = readFileSync(file);
    if (mode === "--all-headers" && all) return [path, { body, headers: all.flat() }];
    const headers: Array<string | number> = ["Content-Type", type, "Content-Length", body.length];
    if (encoding) headers.push("Content-Encoding", encoding);
    return [path, { body, headers }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portText), "127.0.0.1");
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
});
