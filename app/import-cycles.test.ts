import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { resolveAppImport } from "../tests/support/app-imports";

// Features depend on one another one way, and so do their files: a cycle makes module load order
// decide whether a value is there yet, and makes two features impossible to understand apart.
const APP = import.meta.dirname;
const FEATURES = path.join(APP, "features");

type Graph = Map<string, Set<string>>;

/** The groups of nodes that reach one another (Tarjan's strongly connected components of more than one node). */
function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The imports between the files of app/features, type imports included; tests are left out. */
function featureFileGraph(): Graph {
  const files = fs
    .readdirSync(FEATURES, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(FEATURES, f));
  const graph: Graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((i) => resolveAppImport(file, i.fileName))
      .filter((t) => t?.startsWith(FEATURES + path.sep));
    graph.set(file, new Set(targets as string[]));
  }
  return graph;
}

const featureOf = (file: string) => path.relative(FEATURES, file).split(path.sep)[0]!;

describe("import cycles", () => {
  const files = featureFileGraph();

  it("reads the imports of every feature", () => {
    expect(files.size).toBeGreaterThan(300);
    const jobsSearch = files.get(path.join(FEATURES, "jobs", "search.server.ts"));
    expect(jobsSearch).toContain(path.join(FEATURES, "jobs", "search-values.ts"));
  });

  it("finds a cycle where there is one", () => {
    const graph: Graph = new Map([
      ["access", new Set(["auth"])],
      ["auth", new Set(["accounts"])],
      ["accounts", new Set(["access", "email"])],
      ["email", new Set()],
    ]);
    expect(cyclesOf(graph)).toEqual([["access", "accounts", "auth"]]);
    graph.get("accounts")!.delete("access");
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("has none between features", () => {
    const features: Graph = new Map();
    for (const [file, targets] of files) {
      const own = featureOf(file);
      if (!features.has(own)) features.set(own, new Set());
      for (const target of targets) if (featureOf(target) !== own) features.get(own)!.add(featureOf(target));
    }
    expect(cyclesOf(features)).toEqual([]);
  });

  it("has none between the files of the features", () => {
    const relative = (group: string[]) => group.map((f) => path.relative(APP, f));
    expect(cyclesOf(files).map(relative)).toEqual([]);
  });
});
