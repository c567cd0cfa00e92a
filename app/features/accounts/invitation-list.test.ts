import { describe, expect, it } from "vitest";
import { MAX_INVITATIONS, readInvitationList } from "./invitation-list";

describe("reading a list of addresses to invite", () => {
  it("takes one address per line, skipping blank lines and surrounding space", () => {
    expect(readInvitationList(" a@demo.test \n\nB@demo.test\r\nc@demo.test\n")).toEqual({
      ok: true,
      emails: ["a@demo.test", "B@demo.test", "c@demo.test"],
    });
  });

  it("takes the email column of a spreadsheet's CSV, quoted fields and a byte-order mark included", () => {
    const csv = '\uFEFFName,Email,Course\n"Khan, Aisha",aisha@demo.test,MSc\nLi Wei;wei@demo.test;BSc\n';
    expect(readInvitationList(csv)).toEqual({ ok: true, emails: ["aisha@demo.test", "wei@demo.test"] });
  });

  it("reports every bad line with its number and accepts nothing", () => {
    expect(readInvitationList("a@demo.test\nnot-an-address\n\nA@Demo.test\nb@demo.test")).toEqual({
      ok: false,
      problems: [
        { line: 2, message: '"not-an-address" is not an email address' },
        { line: 4, message: "A@Demo.test is also on line 1" },
      ],
    });
  });

  it("refuses an empty list and one over 5,000 addresses", () => {
    expect(readInvitationList(" \n ")).toMatchObject({
      ok: false,
      problems: [{ line: 1, message: expect.stringContaining("empty") }],
    });
    const many = Array.from({ length: MAX_INVITATIONS + 1 }, (_, i) => `s${i}@demo.test`).join("\n");
    expect(readInvitationList(many)).toEqual({
      ok: false,
      problems: [{ line: 1, message: "The list has 5,001 addresses; send at most 5,000 at a time" }],
    });
    expect(readInvitationList(many.split("\n").slice(0, MAX_INVITATIONS).join("\n")).ok).toBe(true);
  });
});
