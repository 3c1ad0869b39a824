import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // The server does not depend on the web: what both need (sizes and addresses of pictures, money,
    // dates, the video players' rule, the reserved slugs, the contracts) lives in contract/.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**"],
              allowTypeImports: true,
              message: "Server code does not import page code: move what both need to contract/.",
            },
          ],
        },
      ],
    },
  },
);
