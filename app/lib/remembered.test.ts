import { describe, expect, it } from "vitest";
import { remembered } from "./remembered";

describe("remembered", () => {
  it("makes each key's answer once, and forgets everything past its limit", () => {
    const made: string[] = [];
    const upper = remembered(
      (text: string) => text.toLowerCase(),
      (text: string) => (made.push(text), text.toUpperCase()),
      2,
    );
    expect([upper("a"), upper("A"), upper("b"), upper("a")]).toEqual(["A", "A", "B", "A"]);
    expect(made).toEqual(["a", "b"]);
    expect(upper("c")).toBe("C");
    expect(upper("a")).toBe("A");
    expect(made).toEqual(["a", "b", "c", "a"]);
  });

  it("remembers an answer that is undefined as made", () => {
    let calls = 0;
    const none = remembered(
      (key: string) => key,
      () => void (calls += 1),
    );
    none("x");
    none("x");
    expect(calls).toBe(1);
  });
});
