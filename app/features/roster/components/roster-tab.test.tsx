// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RosterTab } from "./roster-tab";

afterEach(cleanup);

type Answer = Parameters<typeof RosterTab>[0]["answer"];

function show(answer: Answer) {
  const Stub = createRoutesStub([
    {
      path: "/university-user-profile/roster",
      Component: () => <RosterTab records={{ active: 1200, suspended: 3, left: 40 }} answer={answer} />,
    },
  ]);
  render(<Stub initialEntries={["/university-user-profile/roster"]} />);
}

const rowsOf = (caption: RegExp) =>
  within(screen.getByRole("table", { name: caption }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));

describe("the roster tab", () => {
  it("shows the records by status and the upload form", () => {
    show(undefined);
    expect(screen.getByText("Your student records: 1,200 active, 3 suspended, 40 left.")).toBeTruthy();
    expect(screen.getByLabelText("CSV file").getAttribute("type")).toBe("file");
    expect(screen.getByRole("button", { name: "Preview the changes" })).toBeTruthy();
  });

  it("lists each bad line by number and column", () => {
    show({
      fieldErrors: { roster: "Some lines of the file are not right: see the list" },
      formError: null,
      roster: {
        preview: null,
        errors: [
          { line: 3, field: "email", reason: "Enter an email address in the right format, like name@example.com" },
          { line: 9, field: "status", reason: "Use one of: active, suspended, left" },
        ],
      },
    });
    expect(rowsOf(/Lines to correct \(2\)/)).toEqual([
      ["3", "email", "Enter an email address in the right format, like name@example.com"],
      ["9", "status", "Use one of: active, suspended, left"],
    ]);
    expect(screen.queryByRole("button", { name: "Apply the changes" })).toBeNull();
  });

  it("previews the counts and the changes, and asks to confirm the students marked as left", () => {
    show({
      fieldErrors: {},
      formError: null,
      roster: {
        errors: [],
        preview: {
          uploadId: 7,
          fileName: "sits.csv",
          mode: "full",
          created: 1,
          updated: 1,
          unchanged: 10,
          left: 2,
          changed: 4,
          stale: false,
          changes: [
            { line: 2, studentId: "A1", kind: "created", fields: [] },
            { line: 3, studentId: "A2", kind: "updated", fields: ["email", "course"] },
            { line: null, studentId: "A3", kind: "left", fields: ["status"] },
            { line: null, studentId: "A4", kind: "left", fields: ["status"] },
          ],
        },
      },
    });
    const preview = within(screen.getByRole("region", { name: /Preview of sits.csv \(the whole list\)/ }));
    expect(preview.getAllByRole("definition").map((d) => d.textContent)).toEqual(["1", "1", "10", "2"]);
    expect(rowsOf(/The changes/)).toEqual([
      ["A1", "Added", "2", ""],
      ["A2", "Changed", "3", "email, course"],
      ["A3", "Marked as left", "not in the file", "status"],
      ["A4", "Marked as left", "not in the file", "status"],
    ]);
    expect(preview.getByLabelText(/Yes, mark 2 students who are not in the file as left/)).toBeTruthy();
    expect((document.querySelector('input[name="expected_left"]') as HTMLInputElement).value).toBe("2");
    expect((document.querySelector('input[name="upload"]') as HTMLInputElement).value).toBe("7");
  });
});
