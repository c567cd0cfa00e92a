import { describe, expect, it } from "vitest";
import { byteRange } from "./range";

describe("byteRange", () => {
  it("reads a first, a middle, an open and a suffix range, clamped to the file", () => {
    expect(byteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange("bytes=400-599", 1000)).toEqual({ start: 400, end: 599 });
    expect(byteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("answers a range past the end as unsatisfiable, and sends the whole file for what it does not take", () => {
    expect(byteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(byteRange(null, 1000)).toBeNull();
    expect(byteRange("items=0-1", 1000)).toBeNull();
    expect(byteRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(byteRange("bytes=50-10", 1000)).toBeNull();
  });
});
