import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The one-way imports of eslint.config.js, tried on code as a file in each layer would hold it.
const eslint = new ESLint({ cwd: process.cwd() });
// Loading the configuration and its plugins is the slow part: once, before the tests.
beforeAll(() => eslint.calculateConfigForFile("app/lib/example.ts"), 60_000);

async function refusedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId?.endsWith("no-restricted-imports")).map((m) => m.message);
}

describe("layers import one way: lib <- db <- features <- routes <- server", () => {
  it("keeps app/lib free of the database, features, routes and the server", async () => {
    for (const source of [
      'import x from "~/db/client.server";',
      'import x from "~/features/auth/session.server";',
      'import x from "~/route-table";',
      'import x from "../../server/app";',
    ]) {
      expect(await refusedImports("app/lib/example.ts", source), source).toHaveLength(1);
    }
    expect(await refusedImports("app/lib/example.ts", 'import x from "./dates";')).toEqual([]);
  });

  it("keeps shared components as free as app/lib", async () => {
    expect(
      await refusedImports("app/components/example.tsx", 'import x from "~/features/sponsors/paths";'),
    ).toHaveLength(1);
  });

  it("keeps the database layer free of features", async () => {
    expect(await refusedImports("app/db/example.ts", 'import x from "~/features/auth/password.server";')).toHaveLength(
      1,
    );
    expect(await refusedImports("app/db/example.ts", 'import x from "~/lib/clock";')).toEqual([]);
  });

  it("lets features use lib, db and one another, but not routes or the server", async () => {
    expect(
      await refusedImports(
        "app/features/jobs/example.ts",
        'import x from "~/db/context";\nimport y from "~/features/access/context";',
      ),
    ).toEqual([]);
    expect(await refusedImports("app/features/jobs/example.ts", 'import x from "~/route-table";')).toHaveLength(1);
    expect(await refusedImports("app/features/jobs/example.ts", 'import x from "~/routes/page";')).toHaveLength(1);
  });

  it("keeps components out of server modules, in every layer", async () => {
    expect(
      await refusedImports("app/features/jobs/page.server.ts", 'import type { X } from "./components/list";'),
    ).toHaveLength(1);
    // Both rules apply to a server module of the database layer.
    expect(
      await refusedImports("app/db/example.server.ts", 'import x from "~/features/auth/session.server";'),
    ).toHaveLength(1);
  });

  it("lets routes use features but not the server", async () => {
    expect(await refusedImports("app/routes/example.tsx", 'import x from "~/features/auth/context";')).toEqual([]);
    expect(
      await refusedImports("app/routes/example.tsx", 'import x from "../../server/services.server";'),
    ).toHaveLength(1);
  });
});
