import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "./link";
import { type ListPage, listHref } from "~/lib/list-query";
import { type Column, DataTable } from "./data-table";

/**
 * A list paged, sorted and searched on the server (`readListQuery` reads its address): the search
 * form, the table with sortable headings, and the page links. Works without JavaScript: every view
 * is a link, every search a GET form.
 */
export function ListView<Row>({
  path,
  list,
  caption,
  columns,
  rowKey,
  minWidth,
  searchLabel,
  searchHint,
  filters,
  empty,
}: {
  path: string;
  list: ListPage<Row>;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  minWidth: string;
  /** The search field's label ("Search by name or address"); no search form without it. */
  searchLabel?: string;
  searchHint?: string;
  /** More fields of the search form (selects of a filter), each with its label. */
  filters?: ReactNode;
  /** What an empty list says. */
  empty: string;
}) {
  const { query } = list;
  const search = new URLSearchParams(query.search);
  return (
    <div>
      {searchLabel || filters ? (
        <Form method="get" action={path} className="mt-4 flex flex-wrap items-end gap-3" role="search">
          {searchLabel ? (
            <div className="min-w-64 flex-1">
              <label htmlFor="list-q" className="block font-medium">
                {searchLabel}
              </label>
              {searchHint ? (
                <p id="list-q-hint" className="text-sm text-muted">
                  {searchHint}
                </p>
              ) : null}
              <input
                id="list-q"
                name="q"
                type="search"
                defaultValue={query.q}
                aria-describedby={searchHint ? "list-q-hint" : undefined}
                className="mt-1 w-full rounded border border-slate-500 px-3 py-2"
              />
            </div>
          ) : null}
          {filters}
          {search.get("sort") ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {search.get("dir") ? <input type="hidden" name="dir" value={query.dir} /> : null}
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
            Search
          </button>
        </Form>
      ) : null}
      <p className="mt-4 text-sm text-muted" role="status">
        {list.total === 0 ? empty : `${list.total.toLocaleString("en-GB")} in all`}
        {list.pages > 1 ? `, page ${query.page} of ${list.pages}` : ""}
      </p>
      {list.rows.length ? (
        <DataTable
          caption={list.pages > 1 ? `${caption}, page ${query.page} of ${list.pages}` : caption}
          minWidth={minWidth}
          columns={columns}
          rows={list.rows}
          rowKey={rowKey}
          sorting={{
            sort: query.sort,
            dir: query.dir,
            hrefFor: (sort, dir) => listHref(path, search, { sort, dir }),
          }}
        />
      ) : null}
      {list.pages > 1 ? (
        <nav aria-label={`${caption}: pages`} className="mt-4 flex flex-wrap items-center gap-4">
          {query.page > 1 ? (
            <Link to={listHref(path, search, { page: query.page - 1 })} rel="prev" className="font-semibold underline">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {query.page} of {list.pages}
          </span>
          {query.page < list.pages ? (
            <Link to={listHref(path, search, { page: query.page + 1 })} rel="next" className="font-semibold underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
