import { describe, expect, it } from "vitest";
import { containsPattern, listHref, listPage, prefixPattern, readListQuery } from "./list-query";

const options = { sorts: ["name", "created"] as const, sort: "name" as const, dir: "asc" as const, pageSize: 10 };

describe("list queries", () => {
  it("reads the search, sort, direction and page from the address, with the list's defaults", () => {
    const q = readListQuery(new URL("https://x.test/ops/users?q=%20ada%20&sort=created&dir=desc&page=3"), options);
    expect(q).toMatchObject({ q: "ada", sort: "created", dir: "desc", page: 3, offset: 20, pageSize: 10 });
    expect(readListQuery(new URL("https://x.test/ops/users"), options)).toMatchObject({
      q: "",
      sort: "name",
      dir: "asc",
      page: 1,
      offset: 0,
    });
  });

  it("ignores a sort the list does not offer, a bad direction and a page that is not a whole number", () => {
    for (const query of ["sort=password_hash", "dir=sideways", "page=-2", "page=1.5", "page=abc", "page=0"]) {
      expect(readListQuery(new URL(`https://x.test/l?${query}`), options)).toMatchObject({
        sort: "name",
        dir: "asc",
        page: 1,
      });
    }
    expect(readListQuery(new URL("https://x.test/l?q=" + "a".repeat(500)), options).q).toHaveLength(200);
  });

  it("links to another page or sort keeping the rest, a new sort starting again at page 1", () => {
    const params = new URLSearchParams("q=ada&sort=name&page=4&role=student");
    expect(listHref("/ops/users", params, { page: 5 })).toBe("/ops/users?q=ada&sort=name&page=5&role=student");
    expect(listHref("/ops/users", params, { sort: "created", dir: "desc" })).toBe(
      "/ops/users?q=ada&sort=created&role=student&dir=desc",
    );
    expect(listHref("/ops/users", params, { page: 1 })).toBe("/ops/users?q=ada&sort=name&role=student");
    expect(listHref("/ops/users", "", {})).toBe("/ops/users");
  });

  it("escapes the wildcards of a search", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(prefixPattern("university_")).toBe("university\\_%");
  });

  it("counts the pages, at least one", () => {
    const query = readListQuery(new URL("https://x.test/l"), options);
    expect(listPage([], 0, query).pages).toBe(1);
    expect(listPage([], 21, query).pages).toBe(3);
  });
});
