// @ts-check
import { readdirSync } from "node:fs";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder under src/client/features is a feature, present or future.
const featureNames = readdirSync(new URL("./src/client/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "src/server/db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { "import-x/resolver": { node: true } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-empty-pattern": "off",
      // The one-way import rules between areas (docs/architecture.md, "Where things live").
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/shared",
              from: "./src/server",
              message: "shared imports nothing but zod and itself",
            },
            {
              target: "./src/shared",
              from: "./src/client",
              message: "shared imports nothing but zod and itself",
            },
            {
              target: "./src/shared",
              from: "./src/testing",
              message: "shared imports nothing but zod and itself",
            },
            { target: "./src/server", from: "./src/client", message: "the server never imports the client" },
            { target: "./src/client/lib", from: "./src/client/features", message: "lib sits below features" },
            {
              target: "./src/client/components",
              from: "./src/client/features",
              message: "ui sits below features",
            },
            { target: "./src/client/features", from: "./src/client/app", message: "features sit below app" },
            ...featureNames.map((name) => ({
              target: `./src/client/features/${name}`,
              from: "./src/client/features",
              except: [`./${name}`],
              message: "features do not import each other; compose them in app/routes",
            })),
          ],
        },
      ],
    },
  },
  {
    // The client may take only types from the server.
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#server/|/server/",
              allowTypeImports: true,
              message: "the client imports only types from the server",
            },
            {
              // zod stays out of the browser's bundle (docs/performance.md, JavaScript budget).
              regex: "\\.schema\\.ts$|^zod$",
              allowTypeImports: true,
              message: "the client imports only types from *.schema.ts (the server validates with zod)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    // Tests beside shared code use the test runner; the code itself stays pure.
    ignores: ["src/shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(?!zod(/mini)?$|\\./|#shared/)", message: "shared imports only zod and itself" },
          ],
        },
      ],
    },
  },
  {
    // The browser loads shared modules; only the server's schemas may bring zod.
    files: ["src/shared/**/*.ts"],
    ignores: ["src/shared/**/*.schema.ts", "src/shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(?!\\./|#shared/)", message: "shared imports only itself" },
            { regex: "\\.schema\\.ts$", allowTypeImports: true, message: "only *.schema.ts brings zod" },
          ],
        },
      ],
    },
  },
);
