import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes what needs quoting and keeps numbers as numbers", () => {
    expect(toCsv([["Name", "Views"], ['Kofi "KB" Boateng, MSc', 12], ["Line\nbreak", null]])).toBe('\uFEFFName,Views\r\n"Kofi ""KB"" Boateng, MSc",12\r\n"Line\nbreak",\r\n');
  });

  it("keeps a cell a spreadsheet would run as a formula as text", () => {
    const csv = toCsv([["=HYPERLINK(\"http://x\")", "+44", "-1", "@SUM(A1)", "plain"]]);
    expect(csv).toBe('\uFEFF"\'=HYPERLINK(""http://x"")",\'+44,\'-1,\'@SUM(A1),plain\r\n');
  });
});
