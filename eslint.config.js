import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Boundaries (issue 16; Bulletproof React's import-x/no-restricted-paths zones). Each zone names the
// files it applies to (target) and what they may not import (from), types included; tests are exempt
// (they may reach into any module they check). The layers:
// - server/ never imports app/: what both need (money, dates, pictures' sizes and addresses, the video
//   players' rule, the reserved slugs, the contracts) lives in contract/;
// - contract/ imports neither server/ nor app/: pages, services and e-mails all import it;
// - app/ imports server/ only as types or through *.server.ts files (conventions §8; the
//   no-restricted-imports block further down, which can tell a type import from a value import).
// Between features: a file of server/features/<a>/ reaches another feature <b> only through b's public
// files: its *.service.ts files (the operations services.ts wires and other features call; a type
// another feature needs is exported from there or lives in contract/), and two shared kits, auth's
// actor.ts and attempts.ts (who is asking; per-address limits) and mail's templates/ (the e-mail kit,
// decision 022). Everything else in a feature (routes, helpers, its e-mails) is its own. The *.routes.ts
// files are registered by server/http/backend.ts alone; they name BackendEnv from backend-env.ts, never
// backend.ts (which imports them all).
const FEATURES = readdirSync(new URL("server/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// (import-x takes a zone's exceptions as absolute globs: it resolves `target` and `from`, not `except`.)
const ROOT = import.meta.dirname;
const FEATURE_PUBLIC = [
  "server/features/*/*.service.ts",
  "server/features/auth/{actor,attempts}.ts",
  "server/features/mail/templates/**",
  // the declared admin resource and the audit log: every admin write uses them (issue 16)
  "server/features/admin/{resource,audit}.ts",
].map((glob) => `${ROOT}/${glob}`);

const backendZone = {
  target: "server/features/**",
  from: "server/http/backend.ts",
  message: "Import BackendEnv from server/http/backend-env.ts: backend.ts imports every *.routes.ts.",
};

const serverZones = [
  {
    target: "server/**",
    from: "app/**",
    message: "Server code does not import page code: move what both need to contract/.",
  },
  ...FEATURES.map((feature) => ({
    target: `server/features/${feature}/**`,
    from: "server/features/**",
    except: [`${ROOT}/server/features/${feature}/**`, ...FEATURE_PUBLIC],
    message:
      "Another feature is reached through its *.service.ts (or auth/actor.ts, auth/attempts.ts, mail/templates/, admin/resource.ts, admin/audit.ts): see eslint.config.js.",
  })),
  backendZone,
];

const restrictedPaths = (zones) => ["error", { basePath: ROOT, zones }];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration in server/env.ts only." },
      ],
    },
    settings: {
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  { files: ["server/env.ts"], rules: { "no-restricted-properties": "off" } },
  {
    // Page modules and components reach server code only through *.server.ts files (which React Router
    // keeps out of the browser bundle) or as types (conventions §8).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.test.ts", "app/server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              allowTypeImports: true,
              message: "Import server code through an app/**/*.server.ts module, or import only types.",
            },
            {
              // e-mails are made on the server only (decision 022): none of it belongs in the browser bundle
              group: ["@react-email/*"],
              allowTypeImports: true,
              message: "E-mails are made on the server, with server/features/mail/templates.",
            },
          ],
        },
      ],
    },
  },
  {
    // server/ never imports app/; features reach each other through their public files (see the top).
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["server/**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": restrictedPaths(serverZones) },
  },
  {
    // The page side: app/features/<noun>/ holds a noun's components and its *.server.ts loaders and
    // actions; app/components/ (the kit: ui, admin lists and forms, layout) and app/lib/ (the action
    // kernel, guards, flash, forms) serve every feature and know none; a feature is used by routes, never
    // the other way round.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": restrictedPaths([
        {
          target: ["app/components/**", "app/lib/**"],
          from: "app/features/**",
          message: "The kit and app/lib serve every feature: move what both need here, not the other way.",
        },
        {
          target: "app/features/**",
          from: "app/routes/**",
          message: "A feature does not import a route: routes compose features.",
        },
      ]),
    },
  },
  {
    // contract/ is shared by pages, services and e-mails: it imports neither side.
    files: ["contract/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": restrictedPaths([
        {
          target: "contract/**",
          from: ["server/**", "app/**"],
          message: "contract/ imports neither server/ nor app/: it is what they share.",
        },
        {
          // contract/ is grouped by noun (contract/coupons/, contract/courses/...); contract/lib/ holds the
          // rules every noun shares (money, Lagos dates, paging, forms, media) and knows no noun
          target: "contract/lib/**",
          from: "contract/!(lib)/**",
          message: "contract/lib/ is shared by every noun: it imports none of them.",
        },
      ]),
    },
  },
);
