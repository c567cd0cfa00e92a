import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The one-way imports of eslint.config.js, tried on code as a file in each layer would hold it.
const eslint = new ESLint({ cwd: process.cwd() });
// Loading the configuration and its plugins is the slow part: once, before the tests.
beforeAll(() => eslint.calculateConfigForFile("app/lib/example.ts"), 60_000);

async function messagesOf(filePath: string, source: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId?.endsWith(rule)).map((m) => m.message);
}

const refusedImports = (filePath: string, source: string) =>
  messagesOf(filePath, `${source}\nexport const used = x;\n`, "no-restricted-imports");

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
        'import x from "~/db/context";\nimport y from "~/features/access";',
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

describe("a feature uses another only through its front door", () => {
  const refused = (filePath: string, source: string) => messagesOf(filePath, source, "local/front-door");

  it("refuses another feature's internals, relative or through ~/, imported or re-exported", async () => {
    for (const source of [
      'import { todayInLondon } from "~/features/sponsors/freshness";',
      'import { searchSponsors } from "~/features/sponsors/search.server";',
      'import { Attribution } from "~/features/sponsors/components/results";',
      'import { CHECK_PATH } from "~/features/sponsors/index";',
      'import { CHECK_PATH } from "../sponsors";',
      'export { CHECK_PATH } from "~/features/sponsors/paths";',
      'export const load = () => import("~/features/sponsors/search.server");',
    ]) {
      expect(await refused("app/features/jobs/example.ts", source), source).toHaveLength(1);
    }
    expect(
      await refused("app/features/jobs/components/example.tsx", 'import { readCsv } from "../../../lib/csv-reader";'),
    ).toEqual([expect.stringContaining("stays inside the feature's folder")]);
  });

  it("lets a feature use another's two front doors, and its own modules however it names them", async () => {
    expect(
      await refused(
        "app/features/jobs/components/example.tsx",
        [
          'import { CHECK_PATH } from "~/features/sponsors";',
          'import { searchSponsors } from "~/features/sponsors/index.server";',
          'import { SPONSORSHIP_LABELS } from "../labels";',
          'import { PAGE_SIZE } from "~/features/jobs/search-values";',
          'import { readCsv } from "~/lib/csv-reader";',
          'import TABLE from "../data/table.csv?raw";',
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("leaves routes and tests free to reach a feature's internals", async () => {
    const internal = 'import { importRegister } from "~/features/sponsors/import.server";';
    expect(await refused("app/routes/public/example.tsx", internal)).toEqual([]);
    expect(await refused("app/features/jobs/example.test.ts", internal)).toEqual([]);
  });

  it("keeps the front doors to re-exports, and server modules out of index.ts", async () => {
    expect(await refused("app/features/jobs/index.ts", 'export { jobResult } from "./search.server";')).toEqual([
      expect.stringContaining("re-exports no .server module"),
    ]);
    expect(await refused("app/features/jobs/index.server.ts", 'export { jobResult } from "./search.server";')).toEqual(
      [],
    );
    expect(await refused("app/features/jobs/index.ts", 'export { JobCard } from "./components/job-card";')).toEqual([]);
    expect(
      await refused(
        "app/features/jobs/index.ts",
        'import { SORT_LABELS } from "./labels";\nexport const SORTS = SORT_LABELS;',
      ),
    ).toEqual([expect.stringContaining("only re-exports"), expect.stringContaining("only re-exports")]);
  });
});

describe("route modules run no queries", () => {
  it("refuses drizzle-orm, the schema and the database context in a route module", async () => {
    for (const source of [
      'import { eq } from "drizzle-orm";',
      'import { users } from "~/db/schema";',
      'import { JOB_TYPES } from "~/db/schema/job-posting-values";',
      'import { dbContext } from "~/db/context";',
    ]) {
      expect(await refusedImports("app/routes/public/example.tsx", source), source).toEqual([
        expect.stringContaining("belong to the feature"),
      ]);
    }
  });

  it("lets a route call its feature, a route's test arrange data, and a feature run queries", async () => {
    expect(
      await refusedImports(
        "app/routes/public/example.tsx",
        'import { loadJobsPage } from "~/features/jobs/page.server";',
      ),
    ).toEqual([]);
    expect(await refusedImports("app/routes/public/example.test.ts", 'import { users } from "~/db/schema";')).toEqual(
      [],
    );
    expect(await refusedImports("app/features/jobs/example.server.ts", 'import { eq } from "drizzle-orm";')).toEqual(
      [],
    );
  });
});

describe("who may act is decided once", () => {
  const refused = (filePath: string, source: string) => messagesOf(filePath, source, "no-restricted-syntax");

  it("refuses asserting that a request has a user", async () => {
    for (const filePath of ["app/features/jobs/example.server.ts", "app/routes/student/example.tsx"]) {
      expect(
        await refused(filePath, "export const id = (c: { user?: { id: number } }) => c.user!.id;"),
        filePath,
      ).toEqual([
        expect.stringContaining("requireUser, requireStudent, requirePredepartureStudent or requireUniversityAdmin"),
      ]);
    }
  });

  it("allows a user taken from the guard, and other non-null assertions", async () => {
    expect(
      await refused(
        "app/features/jobs/example.server.ts",
        [
          "declare const requireStudent: () => { id: number };",
          "declare const found: { user: { id: number } } | undefined;",
          "export const id = requireStudent().id;",
          "export const other = found!.user.id;",
          "export const optional = (c: { user?: { id: number } }) => c.user?.id;",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});
