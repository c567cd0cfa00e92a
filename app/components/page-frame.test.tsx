// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PageFrame, pageFrameMeta } from "./page-frame";

afterEach(cleanup);

describe("pages still being built", () => {
  it("ask search engines not to index them", () => {
    expect(pageFrameMeta("Jobs")).toEqual([{ title: "Jobs | Career Platform" }, { name: "robots", content: "noindex" }]);
  });

  it("say so under the page's title", () => {
    render(<PageFrame title="Jobs" firstName={null} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Jobs");
    expect(screen.getByText(/being built/)).toBeTruthy();
  });
});
