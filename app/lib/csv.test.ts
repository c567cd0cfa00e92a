import { describe, expect, it } from "vitest";
import { csvResponse, csvStreamResponse, toCsv } from "./csv";

// One cell's text as the file writes it (after the byte-order mark, before the line end).
const one = (value: string | number | null) => toCsv([[value]]).slice(1, -2);

describe("toCsv", () => {
  it("writes rows with commas and CRLF line ends after a byte-order mark, numbers as they are and null as nothing", () => {
    expect(
      toCsv([
        ["Name", "Views"],
        ["Kofi Boateng", 12],
        ["Ama", null],
      ]),
    ).toBe("\uFEFFName,Views\r\nKofi Boateng,12\r\nAma,\r\n");
    expect(one(-3.5)).toBe("-3.5");
  });

  it.each([
    ["=", "=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+", "+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-", "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@", "@SUM(A1)", "'@SUM(A1)"],
    ["a tab", "\t=1+1", "'\t=1+1"],
  ])("keeps a cell starting with %s as text, with an apostrophe first", (_, value, written) => {
    expect(one(value)).toBe(written);
  });

  it("prefixes a cell starting with a carriage return, and quotes it for its line break", () => {
    expect(one("\r=1+1")).toBe('"\'\r=1+1"');
  });

  it("leaves those characters alone anywhere but first", () => {
    expect(one("a=b+c-d@e")).toBe("a=b+c-d@e");
  });

  it.each([
    ["a comma", "Boateng, MSc"],
    ["a semicolon", "Law; Economics"],
    ["a line feed", "Line\nbreak"],
    ["a carriage return", "Line\rbreak"],
    ["CRLF", "Line\r\nbreak"],
  ])("quotes a cell holding %s", (_, value) => {
    expect(one(value)).toBe(`"${value}"`);
  });

  it("quotes a cell holding a quote, doubling it", () => {
    expect(one('Kofi "KB" Boateng')).toBe('"Kofi ""KB"" Boateng"');
  });

  it("both prefixes and quotes a formula holding a quote", () => {
    expect(one('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });
});

describe("csvResponse", () => {
  it("is a private attachment of UTF-8 CSV", async () => {
    const response = csvResponse("students.csv", [["Name"], ["=1"]]);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="students.csv"',
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await response.arrayBuffer()).toString("utf8")).toBe("\uFEFFName\r\n'=1\r\n");
  });
});

describe("csvStreamResponse", () => {
  it("writes the same file as csvResponse, a batch at a time, reading the next batch only when asked", async () => {
    const read: number[] = [];
    async function* batches() {
      for (const n of [1, 2]) {
        read.push(n);
        yield [
          [`=cmd${n}`, n],
          [`a,b;${n}`, null],
        ];
      }
    }
    const response = csvStreamResponse("audit.csv", ["Name", "N"], batches());
    expect(read).toEqual([]);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="audit.csv"',
      "cache-control": "private, no-store",
    });
    const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(text).toBe(
      toCsv([
        ["Name", "N"],
        ["=cmd1", 1],
        ["a,b;1", null],
        ["=cmd2", 2],
        ["a,b;2", null],
      ]),
    );
    expect(text).toContain("'=cmd1,1\r\n");
    expect(read).toEqual([1, 2]);
  });

  it("stops reading when the download is cancelled", async () => {
    let finished = false;
    async function* batches() {
      try {
        for (;;) yield [["row"]];
      } finally {
        finished = true;
      }
    }
    const reader = csvStreamResponse("x.csv", ["H"], batches()).body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });
});
