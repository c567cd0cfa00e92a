import { describe, expect, it } from "vitest";
import { CsvError, csvResponse, decodeText, readCsv, repairMojibake, toCsv } from "./csv";

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

async function* chunks<T>(...parts: T[]) {
  for (const p of parts) yield p;
}
const collect = async <T>(gen: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
};
const records = (...parts: string[]) => collect(readCsv(chunks(...parts)));
const bytes = (...values: number[]) => Uint8Array.from(values);

describe("readCsv", () => {
  it("reads quoted and unquoted fields, doubled quotes and commas inside quotes", async () => {
    expect(await records('"""K"" Line","LONDON",,"Worker (A rating)"\nA,"Rugby, Warwickshire",England,x\n')).toEqual([
      { line: 1, fields: ['"K" Line', "LONDON", "", "Worker (A rating)"] },
      { line: 2, fields: ["A", "Rugby, Warwickshire", "England", "x"] },
    ]);
  });

  it("keeps spaces of unquoted fields and drops the ones before an opening quote", async () => {
    expect(await records(' Asian Foods Ltd , London  ,, "B"\n')).toEqual([
      { line: 1, fields: [" Asian Foods Ltd ", " London  ", "", "B"] },
    ]);
  });

  it("counts lines across quoted line breaks, CRLF split between chunks and blank lines", async () => {
    expect(await records("a,b\r", "\n", '"multi\nline",c\r\n\r\nd,e')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["multi\nline", "c"] },
      { line: 5, fields: ["d", "e"] },
    ]);
  });

  it("reads a quote that closes at the very end of a chunk", async () => {
    expect(await records('"a"', '"b",c\n"x"', "")).toEqual([
      { line: 1, fields: ['a"b', "c"] },
      { line: 2, fields: ["x"] },
    ]);
  });

  it("keeps trailing empty fields (trailing commas) for the caller to judge", async () => {
    expect(await records("a,b,,\n")).toEqual([{ line: 1, fields: ["a", "b", "", ""] }]);
  });

  it("refuses a quote left open, naming the line it started on", async () => {
    await expect(records('a,b\n"c,d\ne,f\n')).rejects.toEqual(new CsvError(2, "a quoted field is never closed"));
  });

  it("refuses text right after a closing quote", async () => {
    await expect(records('a\n"b"c,d\n')).rejects.toThrow('line 2: unexpected text after a closing quote: "c"');
  });
});

describe("decodeText", () => {
  it("reads UTF-8 split inside a character, and drops a byte order mark", async () => {
    const e = new TextEncoder().encode("\uFEFFCovéa Ltd");
    const cut = e.indexOf(0xc3) + 1; // between the two bytes of é
    expect((await collect(decodeText(chunks(e.slice(0, cut), e.slice(cut))))).join("")).toBe("Covéa Ltd");
  });

  it("reads the rest as Windows-1252 once a byte is not UTF-8", async () => {
    // "Caf" + é in Windows-1252 (0xe9) + " £5" with £ as 0xa3
    expect((await collect(decodeText(chunks(bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x35))))).join("")).toBe(
      "Café £5",
    );
  });
});

describe("repairMojibake", () => {
  it.each([
    ["CovÃ©a Insurance", "Covéa Insurance"],
    ["Ed. ZÃ¼blin AG", "Ed. Züblin AG"],
    ["Oâ€™Neill Ltd", "O’Neill Ltd"],
  ])("turns %j back into %j", (broken, fixed) => {
    expect(repairMojibake(broken)).toBe(fixed);
  });

  it.each(["Covéa Insurance", "???£ ESS LTD", "Ãx plain", "GÉANT Association"])("leaves %j as it is", (text) => {
    expect(repairMojibake(text)).toBe(text);
  });
});
