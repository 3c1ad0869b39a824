// Issue 30 "docs a map, kept true": what README.md and docs/*.md name in backticks must exist. A repository
// path (`server/http/media.ts`, `tests/e2e/<screen>.spec.ts`) must name files or folders that are there;
// a code identifier (`writeContent`, `DataTable`, `toast()`, `services.users.verifyPassword`,
// `<ResourceScreen>`, `payment_events`) and a setting (`PUBLIC_URL`, `FUZZ_RUNS=300`) must occur in the
// source, and so must the names in a ```ts or ```tsx example; `npm run <script>` must be a script of
// package.json; a relative link must lead to a file. Plain words, HTTP paths (/admin/x), URLs, headers
// and the rest of a command are not checked. The decision records (docs/decisions/) are history and are
// left as they were written.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SELF = "tests/unit/docs-identifiers.test.ts";
const FIXTURES = "tests/unit/fixtures/docs-identifiers";

/** Top-level folders of the repository: a backticked path starting with one of them is checked. */
const REPO_ROOTS = ["app", "server", "contract", "scripts", "tests", "docs", ".ci"];
/** Folders made by running things, never committed: a path under them is not checked. */
const MADE_BY_RUNS = ["build", "node_modules", "data", "bench-results", "test-results", ".react-router"];
const FILE_EXTENSIONS = /\.(ts|tsx|md|json|sh|css|js)$/;

/** Names the docs give on purpose that are not in our code: each with why. */
const NOT_OURS: ReadonlyArray<{ name: string; why: string }> = [
  { name: "getAuthenticationParameters", why: "ImageKit SDK's call, named as what is not available here" },
  { name: "readinessProbe", why: "Kubernetes's probe setting, for pointing it at /backend/ready" },
  { name: "livenessProbe", why: "Kubernetes's probe setting, for pointing it at /backend/health" },
  {
    name: "buildTransformationString",
    why: "ImageKit browser SDK's export, which its buildSrc uses (server/features/uploads/imagekit-sdks.test.ts)",
  },
];

/** Source the identifiers are looked up in. */
const SOURCE_DIRS = ["app", "server", "contract", "scripts", "tests", ".ci"];
const SOURCE_FILES = /\.(ts|tsx|js|json|sh|css)$|^run$/;
const ROOT_SOURCE = /^(package\.json|\.env\.example|[\w.-]+\.config\.(ts|js)|tsconfig\.json)$/;

function walk(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const repoFiles = [
  ...REPO_ROOTS.flatMap(walk),
  ...readdirSync(ROOT).filter((f) => statSync(path.join(ROOT, f)).isFile()),
];

const sourceTokens: Set<string> = (() => {
  const files = [
    ...SOURCE_DIRS.flatMap(walk).filter(
      (f) => SOURCE_FILES.test(path.basename(f)) && f !== SELF && !f.startsWith(FIXTURES),
    ),
    ...readdirSync(ROOT).filter((f) => ROOT_SOURCE.test(f)),
  ];
  const tokens = new Set<string>();
  for (const file of files) {
    for (const token of readFileSync(path.join(ROOT, file), "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) tokens.add(token);
  }
  return tokens;
})();

const scripts = new Set(
  Object.keys((JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: object }).scripts),
);

const KEYWORDS = new Set(["import", "export", "const", "function", "return", "typeof", "await", "async", "new"]);
const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const DOTTED = new RegExp(String.raw`^${IDENT}(?:\.${IDENT})*$`);
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** A constant or a setting of one word (`PORT`, `CATEGORIES`), four letters or more. */
const UPPER_WORD = /^[A-Z]{4,}[0-9]*$/;
/** One capitalised word (`Notice`, `Conflict`): checked, though plain words of the messages satisfy it. */
const PASCAL_WORD = /^[A-Z][a-z0-9]{3,}$/;
const CAMEL_OR_PASCAL = /^(?:[a-z][a-z0-9]*[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*)$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** Is this name (maybe dotted) one a reader would look for in the code? */
function isCodeName(name: string): boolean {
  if (!DOTTED.test(name)) return false;
  if (name.includes(".")) return true;
  return [CAMEL_OR_PASCAL, SNAKE, UPPER_SNAKE, UPPER_WORD, PASCAL_WORD].some((r) => r.test(name));
}

function inSource(name: string): boolean {
  if (NOT_OURS.some((n) => n.name === name)) return true;
  return name.split(".").every((part) => sourceTokens.has(part));
}

/** A path's segments as patterns: `<name>` and `*` stand for any name, `...` or `…` for any depth. */
function pathExists(relative: string): boolean {
  const segments = relative.replace(/\/$/, "").split("/");
  const match = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const segment = segments[i]!;
    if (segment === "..." || segment === "…") return true;
    const full = path.join(ROOT, dir);
    if (!existsSync(full) || !statSync(full).isDirectory()) return false;
    if (!/[<*]/.test(segment)) return existsSync(path.join(full, segment)) && match(path.join(dir, segment), i + 1);
    const pattern = new RegExp(
      "^" +
        segment
          .split(/(<[^>]+>|\*)/)
          .map((s) => (s.startsWith("<") || s === "*" ? "[^/]+" : s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
          .join("") +
        "$",
    );
    return readdirSync(full).some((name) => pattern.test(name) && match(path.join(dir, name), i + 1));
  };
  return match("", 0);
}

/** A file named without its folder (`auth-rules.ts`, `auth/actor.ts`): some file of the repository ends so. */
function someFileEndsWith(tail: string): boolean {
  const pattern = new RegExp(
    "(^|/)" +
      tail
        .split(/(<[^>]+>|\*)/)
        .map((s) => (s.startsWith("<") || s === "*" ? "[^/]+" : s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
        .join("") +
      "$",
  );
  return repoFiles.some((f) => pattern.test(f));
}

/** What is wrong with one backticked text, or null. */
function problemOf(span: string): string | null {
  const text = span.trim();
  if (!text || /:\/\//.test(text) || text.startsWith("/")) return null;

  const command = /^(npm|npx|node)\s+(.*)$/.exec(text);
  if (command) {
    const run = /^run\s+([\w:-]+)/.exec(command[2]!);
    if (command[1] === "npm" && run && !scripts.has(run[1]!)) return `no npm script "${run[1]}"`;
    for (const word of command[2]!.split(/\s+/)) {
      if (REPO_ROOTS.includes(word.split("/")[0]!) && word.includes("/") && !pathExists(word))
        return `no such path ${word}`;
    }
    return null;
  }

  const setting = /^([A-Z][A-Z0-9_]*)=/.exec(text);
  if (setting)
    return UPPER_SNAKE.test(setting[1]!) && !inSource(setting[1]!) ? `${setting[1]} is not in the source` : null;

  const component = /^<([A-Z][\w.]*)[\s/>]/.exec(text);
  if (component) return inSource(component[1]!) ? null : `<${component[1]}> is not in the source`;

  if (!/\s/.test(text) && (text.includes("/") || FILE_EXTENSIONS.test(text))) {
    const first = text.split("/")[0]!;
    if (text.startsWith("../") || MADE_BY_RUNS.includes(first)) return null;
    if (UPPER_SNAKE.test(first)) return inSource(first) ? null : `${first} is not in the source`;
    if (REPO_ROOTS.includes(first)) return pathExists(text) ? null : `no such path ${text}`;
    if (FILE_EXTENSIONS.test(text) && /^[\w<>*./-]+$/.test(text)) {
      return someFileEndsWith(text) ? null : `no file ${text}`;
    }
    return null;
  }

  // code: a call (`composeEmail(emailBrand(env), …)`), an object (`{ items, page, pageSize, total }`)
  if (/^[\w$.]+\(|^\{|^(return|export|const|let|new|class|await|import|function)\s/.test(text)) {
    const missing = missingNamesInCode(text);
    return missing.length ? `${missing.join(", ")} not in the source` : null;
  }

  if (isCodeName(text)) return inSource(text) ? null : `${text} is not in the source`;
  return null;
}

/** The names in a piece of TypeScript that are not in the source (its strings and comments left out). */
function missingNamesInCode(code: string): string[] {
  const bare = code
    .replace(/\/\/[^\n]*/g, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
  const missing = new Set<string>();
  for (const name of bare.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    if (!KEYWORDS.has(name) && isCodeName(name) && !inSource(name)) missing.add(name);
  }
  return [...missing];
}

/** Fenced blocks (in list items too, indented): their language and their text. */
const FENCE = /^[ \t]*(```|~~~)[ \t]*(\w*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

/** The TypeScript examples: fenced blocks marked ts or tsx. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(FENCE)].filter((m) => m[2] === "ts" || m[2] === "tsx").map((m) => m[3]!);
}

function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(FENCE, "");
  return [...prose.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)].map((m) => m[2]!.replace(/\s*\n\s*/g, " "));
}

function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(FENCE, "").replace(/(`+)[\s\S]*?\1/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.replace(/#.*$/, ""))
    .filter((t) => t && !/^[a-z]+:/.test(t));
}

/** Every problem of the given markdown files, as "file: `text`: what is wrong". */
function docProblems(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const markdown = readFileSync(path.join(ROOT, file), "utf8");
    for (const span of codeSpans(markdown)) {
      const problem = problemOf(span);
      if (problem) found.push(`${file}: \`${span}\`: ${problem}`);
    }
    for (const block of codeBlocks(markdown)) {
      const missing = missingNamesInCode(block);
      if (missing.length) found.push(`${file}: a TypeScript example: ${missing.join(", ")} not in the source`);
    }
    for (const target of linkTargets(markdown)) {
      const resolved = path.relative(ROOT, path.resolve(path.join(ROOT, path.dirname(file)), target));
      if (!existsSync(path.join(ROOT, resolved))) found.push(`${file}: link (${target}): no such file ${resolved}`);
    }
  }
  return found;
}

const DOCS = [
  "README.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("the docs name what exists", () => {
  it("every path, identifier, setting and script README.md and docs/*.md name in backticks exists", () => {
    expect(DOCS.length).toBeGreaterThan(5);
    expect(sourceTokens.size).toBeGreaterThan(1000);
    expect(docProblems(DOCS)).toEqual([]);
  });

  it("every allowed name is still named by the docs and still not in the source", () => {
    const named = DOCS.flatMap((f) => codeSpans(readFileSync(path.join(ROOT, f), "utf8")));
    for (const { name } of NOT_OURS) {
      expect(
        named.some((s) => s.includes(name)),
        `${name} is no longer in the docs`,
      ).toBe(true);
      expect(sourceTokens.has(name), `${name} is in the source now: take it off the list`).toBe(false);
    }
  });

  it("reports a missing path, identifier, setting, script, example name and link, naming the file (the check can fail)", () => {
    const found = docProblems([`${FIXTURES}/missing.md`]);
    expect(found).toEqual([
      `${FIXTURES}/missing.md: \`server/http/no-such-file.ts\`: no such path server/http/no-such-file.ts`,
      `${FIXTURES}/missing.md: \`makeNoSuchThing()\`: makeNoSuchThing not in the source`,
      `${FIXTURES}/missing.md: \`NoSuchScreen\`: NoSuchScreen is not in the source`,
      `${FIXTURES}/missing.md: \`NO_SUCH_SETTING\`: NO_SUCH_SETTING is not in the source`,
      `${FIXTURES}/missing.md: \`services.courses.noSuchMethod\`: services.courses.noSuchMethod is not in the source`,
      `${FIXTURES}/missing.md: \`npm run no-such-script\`: no npm script "no-such-script"`,
      `${FIXTURES}/missing.md: a TypeScript example: registerNoSuchRoutes not in the source`,
      `${FIXTURES}/missing.md: link (nowhere.md): no such file ${FIXTURES}/nowhere.md`,
    ]);
  });
});
