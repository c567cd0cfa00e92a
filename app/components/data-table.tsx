import type { ReactNode } from "react";
import { Link } from "./link";

/**
 * A column: its heading and what a row shows in it; `className` adds to the cell's own (break-all for
 * an address); `sortKey`: the list can be sorted by it (with `sorting`).
 */
export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string; sortKey?: string };

/** A list sorted on the server: the current sort, and the link that sorts by a column. */
export type Sorting = { sort: string; dir: "asc" | "desc"; hrefFor: (sortKey: string, dir: "asc" | "desc") => string };

type Props<Row> = {
  caption: ReactNode;
  /** Shown above the table; otherwise only screen readers announce it. */
  showCaption?: boolean;
  /** The table's `min-w-[…]` class: narrower than that, it scrolls sideways instead of squeezing its columns. */
  minWidth: string;
  /** The first column names the row (its row header); the last usually holds the row's buttons. */
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The space above it: `mt-4` unless given. */
  spacing?: string;
  /** Cells align to the top of a row that wraps onto several lines (on unless turned off). */
  topAligned?: boolean;
  /** Sortable columns' headings become links that sort by them (again: the other way). */
  sorting?: Sorting;
};

const joined = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(" ");

/** A table of people or requests, one a row, as the university pages list them. */
export function DataTable<Row>({
  caption,
  showCaption = false,
  minWidth,
  columns,
  rows,
  rowKey,
  spacing = "mt-4",
  topAligned = true,
  sorting,
}: Props<Row>) {
  const padding = (i: number) => (i === columns.length - 1 ? "py-2" : "py-2 pr-3");
  return (
    <div className={`${spacing} overflow-x-auto`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className={showCaption ? "mb-2 text-left font-semibold" : "sr-only"}>{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((c, i) => {
              const current = sorting && c.sortKey === sorting.sort ? sorting.dir : null;
              return (
                <th
                  key={c.header}
                  scope="col"
                  className={padding(i)}
                  aria-sort={current ? (current === "asc" ? "ascending" : "descending") : undefined}
                >
                  {sorting && c.sortKey ? (
                    <Link
                      to={sorting.hrefFor(c.sortKey, current === "asc" ? "desc" : "asc")}
                      className="inline-flex min-h-6 items-center gap-1 underline underline-offset-2"
                    >
                      {c.header}
                      <span className="sr-only">
                        {current
                          ? `, sorted ${current === "asc" ? "ascending" : "descending"}`
                          : ", sort by this column"}
                      </span>
                      <span aria-hidden="true">{current === "asc" ? "▲" : current === "desc" ? "▼" : "↕"}</span>
                    </Link>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={joined("border-b border-slate-200", topAligned && "align-top")}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" className={joined(padding(i), "font-medium", c.className)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={joined(padding(i), c.className)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
