import path from "node:path";
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
const ROUTE_QUERIES = {
  regex: "^drizzle-orm(/|$)|^~/db/(schema|context)(/|$)|^(\\.\\./)+db/(schema|context)(/|$)",
  message:
    "A route module runs no query: drizzle-orm, the schema and the database context belong to the feature. Call a function of features/<area>/<page>.server.ts instead.",
};
const restrict = (...rules) => ["error", { patterns: rules.map((r) => ({ regex: r.regex, message: r.message })) }];

const FEATURES = path.join(import.meta.dirname, "app", "features");

/** The feature a path lies in and the path inside it ("jobs", "components/job-card"), or null outside app/features. */
function featurePath(file) {
  const inside = path.relative(FEATURES, file);
  if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside)) return null;
  const [feature, ...rest] = inside.split(path.sep);
  return { feature, rest: rest.join("/").replace(/\.(tsx?|jsx?)$/, "") };
}

/**
 * A feature uses another only through its front door: `~/features/<other>` (index.ts, for client and
 * server) or `~/features/<other>/index.server` (server only), and a relative import stays inside the
 * feature's folder. no-restricted-imports matches a specifier alone; this rule resolves it against the
 * importing file, so it knows whose internals an import reaches. A front door itself only re-exports
 * (the client build treats it as free of side effects), and index.ts names no server module.
 */
const frontDoor = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      internals:
        "{{other}} is another feature: import it through its front door, ~/features/{{other}} (client and server) or ~/features/{{other}}/index.server (server only), and export there what you need.",
      outside:
        "A relative import stays inside the feature's folder: import app code through ~/ (another feature through its front door).",
      serverInClientDoor:
        "index.ts is the front door for client and server: it re-exports no .server module (put that in index.server.ts).",
      onlyReexports:
        'A front door only re-exports (export { x } from "./module"): the client build treats it as free of side effects.',
    },
  },
  create(context) {
    const own = featurePath(context.filename);
    if (!own) return {};
    const door = own.rest === "index" || own.rest === "index.server" ? own.rest : null;
    function check(node, source) {
      const spec = source?.value;
      if (typeof spec !== "string") return;
      const relative = spec.startsWith(".");
      if (!relative && !spec.startsWith("~/")) return;
      const target = relative
        ? path.resolve(path.dirname(context.filename), spec)
        : path.join(import.meta.dirname, "app", spec.slice(2));
      const reached = featurePath(target.replace(/\?.*$/, ""));
      if (relative && reached?.feature !== own.feature) return context.report({ node, messageId: "outside" });
      if (door === "index" && /\.server(\?|$)/.test(spec)) context.report({ node, messageId: "serverInClientDoor" });
      if (!reached || reached.feature === own.feature) return;
      if (reached.rest !== "" && reached.rest !== "index.server")
        context.report({ node, messageId: "internals", data: { other: reached.feature } });
    }
    return {
      Program(program) {
        if (!door) return;
        for (const statement of program.body) {
          const reexport =
            (statement.type === "ExportNamedDeclaration" || statement.type === "ExportAllDeclaration") &&
            statement.source;
          if (!reexport) context.report({ node: statement, messageId: "onlyReexports" });
        }
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.literal),
    };
  },
};

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
  // Route modules are adapters; a route's test may still arrange its data itself.
  {
    files: ["app/routes/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": restrict(LAYER.server, ROUTE_QUERIES) },
  },
  // A test arranges other features' state through their internals; the front doors are for the product's code.
  {
    files: ["app/features/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { local: { rules: { "front-door": frontDoor } } },
    rules: { "local/front-door": "error" },
  },
  {
    files: ["app/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSNonNullExpression[expression.type='MemberExpression'][expression.property.name='user']",
          message:
            "Who may act is decided once: take the user from requireUser, requireStudent, requirePredepartureStudent or requireUniversityAdmin (features/access) instead of asserting `.user!`.",
        },
        {
          selector:
            "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
          message:
            "Take Link and NavLink from ~/components/link: the same in the browser, written as plain anchors on the server.",
        },
      ],
    },
  },
  // A second rule name, so that this adds to the layer rules above instead of replacing them.
  { files: ["app/**/*.server.ts"], rules: { "@typescript-eslint/no-restricted-imports": restrict(LAYER.components) } },
);
