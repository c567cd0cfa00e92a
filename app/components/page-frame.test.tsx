// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_FRAME_MODULE, PageFrame, hasContent, pageFrameMeta } from "./page-frame";

afterEach(cleanup);

describe("pages still being built", () => {
  it("have no content of their own while the shared frame renders them", () => {
    expect(hasContent({ module: undefined })).toBe(false);
    expect(hasContent({ module: PAGE_FRAME_MODULE })).toBe(false);
    expect(hasContent({ module: "routes/blog.tsx" })).toBe(true);
  });

  it("ask search engines not to index them", () => {
    expect(pageFrameMeta("Jobs")).toEqual([{ title: "Jobs | Career Platform" }, { name: "robots", content: "noindex" }]);
  });

  it("say so under the page's title", () => {
    render(<PageFrame title="Jobs" firstName={null} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Jobs");
    expect(screen.getByText(/being built/)).toBeTruthy();
  });
});
