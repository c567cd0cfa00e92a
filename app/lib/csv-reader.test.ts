import { describe, expect, it } from "vitest";
import { CsvError, decodeText, readCsv, repairMojibake } from "./csv-reader";

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
