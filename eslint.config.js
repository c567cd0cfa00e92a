import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers import one way: app/lib (and the shared components) <- app/db <- app/features/<area> <- app/routes
 * (with root.tsx, routes.ts, route-table.ts) <- server/. Each entry lists what a layer may not import.
 */
const LAYER = {
  routes: {
    regex: "^~/(routes|route-table|root)\\b|^\\.\\./(routes|route-table|root)\\b|/routes/",
    message:
      "Features, the database layer and app/lib may not import routes (layers: lib <- db <- features <- routes <- server).",
  },
  features: {
    regex: "^~/features/|^\\.\\./(\\.\\./)*features/",
    message:
      "app/lib, app/components and app/db may not import features (layers: lib <- db <- features <- routes <- server).",
  },
  db: {
    regex: "^~/db/|^\\.\\./db/",
    message:
      "app/lib and app/components may not import the database layer (layers: lib <- db <- features <- routes <- server).",
  },
  server: {
    regex: "(^|/)server/|^\\.\\./server\\b",
    message: "Only server/ composes the app: nothing under app/ imports it.",
  },
  components: {
    regex: "/components/",
    message: "Server modules import no components: put shared types in a module of their own.",
  },
};
const restrict = (...rules) => ["error", { patterns: rules.map((r) => ({ regex: r.regex, message: r.message })) }];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "data/", ".tmp/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Playwright fixtures call their `use` argument, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  {
    files: ["app/lib/**", "app/components/**"],
    rules: { "no-restricted-imports": restrict(LAYER.db, LAYER.features, LAYER.routes, LAYER.server) },
  },
  { files: ["app/db/**"], rules: { "no-restricted-imports": restrict(LAYER.features, LAYER.routes, LAYER.server) } },
  { files: ["app/features/**"], rules: { "no-restricted-imports": restrict(LAYER.routes, LAYER.server) } },
  { files: ["app/routes/**", "app/*.ts", "app/*.tsx"], rules: { "no-restricted-imports": restrict(LAYER.server) } },
  // A second rule name, so that this adds to the layer rules above instead of replacing them.
  { files: ["app/**/*.server.ts"], rules: { "@typescript-eslint/no-restricted-imports": restrict(LAYER.components) } },
);
