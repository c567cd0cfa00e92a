// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { RuleNoticeBox } from "./rule-notice";

afterEach(cleanup);

it("says the notice beside the verdict as a note, with its link", () => {
  render(
    <RuleNoticeBox
      notice={{
        text: "The list covers only certificates issued before 31 December 2026.",
        link: {
          title: "Statements of changes (GOV.UK)",
          url: "https://www.gov.uk/government/collections/immigration-rules-statement-of-changes",
        },
      }}
    />,
  );
  const note = screen.getByRole("note", { name: "A rule is ending" });
  expect(note.textContent).toContain("The list covers only certificates issued before 31 December 2026.");
  expect(screen.getByRole("link", { name: "Statements of changes (GOV.UK)" }).getAttribute("href")).toBe(
    "https://www.gov.uk/government/collections/immigration-rules-statement-of-changes",
  );
});
