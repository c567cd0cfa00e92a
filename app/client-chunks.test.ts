import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SHARED } from "../client-chunks";
import { resolveAppImport } from "../tests/support/app-imports";

// Every page loads the browser's shared file, and the bundler puts into it whatever its modules
// import: one shared module importing zod (through a feature's paths.ts) once made every page load
// 28 kB more JavaScript (docs/performance.md), over the home page's budget.
const APP = import.meta.dirname;

/** What a module imports for its values (type imports are erased): app files and packages. */
function valueImports(file: string): { files: string[]; packages: string[] } {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const files: string[] = [];
  const packages: string[] = [];
  for (const node of source.statements) {
    let specifier: string | null = null;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifier = (node.moduleSpecifier as ts.StringLiteral).text;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifier = (node.moduleSpecifier as ts.StringLiteral).text;
    }
    if (specifier === null) continue;
    const target = resolveAppImport(file, specifier);
    if (target) files.push(target);
    else if (!specifier.startsWith(".") && !specifier.startsWith("~/")) packages.push(specifier);
  }
  return { files, packages };
}

/** The packages a module brings into the browser, through every app module it imports. */
function packagesReached(start: string[]): Map<string, string> {
  const seen = new Set<string>();
  const reached = new Map<string, string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) continue;
    seen.add(file);
    const { files, packages } = valueImports(file);
    for (const p of packages) if (!reached.has(p)) reached.set(p, path.relative(APP, file));
    queue.push(...files);
  }
  return reached;
}

const sharedModules = fs
  .readdirSync(APP, { recursive: true, encoding: "utf8" })
  .map((f) => path.join(APP, f))
  .filter((f) => /\.tsx?$/.test(f) && !/\.(test|server)\.tsx?$/.test(f) && SHARED.test(f));

describe("the browser's shared file", () => {
  it("is made of the app's small common modules and the features' paths", () => {
    expect(sharedModules).toContain(path.join(APP, "components", "site-header.tsx"));
    expect(sharedModules).toContain(path.join(APP, "features", "au-points", "paths.ts"));
    expect(sharedModules).not.toContain(path.join(APP, "lib", "zod-jitless.ts"));
  });

  it("brings no zod", () => {
    // The walk finds zod where it is: the points calculator's schema.
    expect(packagesReached([path.join(APP, "features", "au-points", "schema.ts")]).has("zod")).toBe(true);
    const reached = packagesReached(sharedModules);
    expect(reached.get("zod") ?? null).toBeNull();
    expect(reached.has("react-router")).toBe(true);
  });
});
