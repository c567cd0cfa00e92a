/**
 * The query of a paged, sortable, searchable list (the operations console's lists): read from the
 * address on the server, so a list never loads everything and every view has a link of its own.
 * `?q=` the search, `?sort=` one of the list's sort keys, `?dir=asc|desc`, `?page=` from 1.
 */
export type ListQuery<Sort extends string> = {
  q: string;
  sort: Sort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  offset: number;
  /** The other filters a list reads (who, what, when), as given, for its links to keep. */
  params: URLSearchParams;
};

const MAX_SEARCH = 200;
const MAX_PAGE = 100_000;

export function readListQuery<Sort extends string>(
  url: URL,
  options: { sorts: readonly Sort[]; sort: Sort; dir: "asc" | "desc"; pageSize?: number },
): ListQuery<Sort> {
  const p = url.searchParams;
  const sort = (options.sorts as readonly string[]).includes(p.get("sort") ?? "")
    ? (p.get("sort") as Sort)
    : options.sort;
  const dirParam = p.get("dir");
  const dir = dirParam === "asc" || dirParam === "desc" ? dirParam : options.dir;
  const pageParam = Number(p.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  const pageSize = options.pageSize ?? 25;
  return {
    q: (p.get("q") ?? "").trim().slice(0, MAX_SEARCH),
    sort,
    dir,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    params: new URLSearchParams(p),
  };
}

/** The same list with some of its query changed (a page, a sort); a new sort or search starts at page 1. */
export function listHref(
  path: string,
  params: URLSearchParams | string,
  changes: Record<string, string | number | null>,
): string {
  const next = new URLSearchParams(params);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "page" && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

const literally = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A `like` pattern matching `q` anywhere, its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${literally(q)}%`;
}

/** A `like` pattern matching what starts with `q`, its wildcards taken literally. */
export function prefixPattern(q: string): string {
  return `${literally(q)}%`;
}

/** What a list's loader hands its page: the rows of this page, how many in all, and the query that chose them. */
export type ListPage<Row, Sort extends string = string> = {
  rows: Row[];
  total: number;
  pages: number;
  query: { q: string; sort: Sort; dir: "asc" | "desc"; page: number; search: string };
};

export function listPage<Row, Sort extends string>(
  rows: Row[],
  total: number,
  query: ListQuery<Sort>,
): ListPage<Row, Sort> {
  return {
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
    query: { q: query.q, sort: query.sort, dir: query.dir, page: query.page, search: query.params.toString() },
  };
}
