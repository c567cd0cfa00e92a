// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderChartSvg } from "~/lib/charts/render.server";
import { ChartFigure, type ChartTable } from "./chart-figure";

afterEach(cleanup);

const TITLE = "Applications by country";
const SVG = renderChartSvg({
  kind: "bar",
  horizontal: true,
  title: TITLE,
  categories: ["United Kingdom", "India", "Ghana"],
  series: [{ name: "Applications", values: [12_480, 1_034, null] }],
});
const TABLE: ChartTable = {
  caption: "Applications by country, 2026",
  columns: ["Country", "Applications"],
  rows: [
    ["United Kingdom", 12_480],
    ["India", 1_034],
    ["Ghana", "fewer than 5"],
  ],
};

function show(props: Partial<Parameters<typeof ChartFigure>[0]> = {}) {
  return render(<ChartFigure id="by-country" title={TITLE} svg={SVG} table={TABLE} {...props} />);
}

describe("ChartFigure", () => {
  it("is a figure named by its heading, holding one image with the chart's title as its name", () => {
    show({ description: "Where applicants live, from their profiles." });
    expect(screen.getByRole("figure", { name: TITLE })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: TITLE })).toBeTruthy();
    const images = screen.getAllByRole("img");
    expect(images).toHaveLength(1);
    expect(screen.getByRole("img", { name: TITLE }).tagName.toLowerCase()).toBe("svg");
    const described = images[0]!.getAttribute("aria-describedby")!;
    expect(document.getElementById(described)?.textContent).toBe("Where applicants live, from their profiles.");
  });

  it("without a description, points at none", () => {
    show();
    expect(screen.getByRole("img", { name: TITLE }).hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText(/from their profiles/)).toBeNull();
  });

  it("gives the figures as a table with caption, column and row headers, in a scrollable region keyboards reach", () => {
    show();
    const region = screen.getByRole("region", { name: TABLE.caption });
    expect(region.getAttribute("tabindex")).toBe("0");
    const table = within(region).getByRole("table", { name: TABLE.caption });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => [th.textContent, th.getAttribute("scope")]),
    ).toEqual([
      ["Country", "col"],
      ["Applications", "col"],
    ]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((th) => [th.textContent, th.getAttribute("scope")]),
    ).toEqual([
      ["United Kingdom", "row"],
      ["India", "row"],
      ["Ghana", "row"],
    ]);
    const cells = within(table).getAllByRole("cell");
    expect(cells.map((td) => td.textContent)).toEqual(["12,480", "1,034", "fewer than 5"]);
    // The withheld count lines up with the numbers of its column.
    for (const td of cells) expect(td.className).toContain("text-right");
  });

  it("offers the CSV only when there is one", () => {
    show({ csvHref: "/analytics/by-country.csv" });
    const link = screen.getByRole("link", { name: "Download the data (CSV)" });
    expect(link.getAttribute("href")).toBe("/analytics/by-country.csv");
    expect(link.hasAttribute("download")).toBe(true);
    cleanup();
    show();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("adds no style attribute or element to the page", () => {
    const { container } = show({ description: "d", csvHref: "/x.csv" });
    expect(container.querySelectorAll("[style], style")).toHaveLength(0);
  });
});
