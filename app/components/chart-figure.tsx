import { escapeHtml } from "~/lib/escape-html";

/** The figures behind a chart; a cell may be text such as "fewer than 5" where a count is withheld. */
export type ChartTable = { caption: string; columns: string[]; rows: (string | number)[][] };

type Props = {
  /** Prefix of the ids the heading, description and caption take; unique on the page. */
  id: string;
  title: string;
  description?: string;
  /** From renderChartSvg: an `<svg role="img">` that this names by the heading. */
  svg: string;
  table: ChartTable;
  csvHref?: string;
};

const numberFormat = new Intl.NumberFormat("en-GB");

/**
 * A chart rendered on the server (see ~/lib/charts/render.server) with its data table, which is
 * the accessible and copyable form of the same figures, and optionally a CSV of them.
 */
export function ChartFigure({ id, title, description, svg, table, csvHref }: Props) {
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const captionId = `${id}-caption`;
  // A column holding any number reads as numbers, withheld cells included, so it aligns right throughout.
  const numeric = table.columns.map((_, c) => table.rows.some((row) => typeof row[c] === "number"));
  const align = (c: number) => (numeric[c] ? "text-right tabular-nums" : "text-left");

  return (
    <figure aria-labelledby={titleId} className="my-6">
      <h3 id={titleId} className="text-lg font-semibold">
        {title}
      </h3>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <div
        className="mt-3 [&_svg]:h-auto [&_svg]:w-full"
        dangerouslySetInnerHTML={{ __html: labelSvg(svg, titleId, descriptionId) }}
      />
      {/* Focusable so that a keyboard alone can scroll a table wider than the screen (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="mt-4 overflow-x-auto">
        <table className="min-w-full border-collapse text-sm">
          <caption id={captionId} className="mb-2 text-left font-medium">
            {table.caption}
          </caption>
          <thead>
            <tr className="border-b border-gray-300">
              {table.columns.map((column, c) => (
                <th key={c} scope="col" className={`px-2 py-1 font-semibold ${align(c)}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className="border-b border-gray-200">
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className={`px-2 py-1 font-normal ${align(c)}`}>
                      {show(cell)}
                    </th>
                  ) : (
                    <td key={c} className={`px-2 py-1 ${align(c)}`}>
                      {show(cell)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {csvHref ? (
        <p className="mt-2 text-sm">
          <a href={csvHref} download className="underline">
            Download the data (CSV)
          </a>
        </p>
      ) : null}
    </figure>
  );
}

function show(cell: string | number): string {
  return typeof cell === "number" ? numberFormat.format(cell) : cell;
}

/**
 * The SVG (role="img" with its own <title>) named by the visible heading and described by the
 * paragraph, so a screen reader meets one image with the chart's name, not a wrapper and an image.
 */
function labelSvg(svg: string, titleId: string, descriptionId: string | undefined): string {
  const aria = ` aria-labelledby="${escapeHtml(titleId)}"${descriptionId ? ` aria-describedby="${escapeHtml(descriptionId)}"` : ""}`;
  return svg.replace(/^\s*<svg\b/, (open) => `${open}${aria}`);
}
