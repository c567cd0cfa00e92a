import { describe, expect, it } from "vitest";
import { readRoster } from "./records";

const HEADER = "student_id,email,first_name,last_name,course,level,expected_graduation,status";
const read = (...lines: string[]) => readRoster([lines.join("\n")]);

describe("readRoster", () => {
  it("reads each line into a record, with addresses in lower case, levels as stored and blanks as null", async () => {
    const { rows, errors } = await read(
      HEADER,
      "S1,Ada.Lovelace@Uni.Example,Ada,Lovelace,Mathematics,Undergraduate,2027-06,active",
      'S2,grace@uni.example,Grace,"Hopper, Jr",,,,Suspended',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        student_id: "S1",
        email: "ada.lovelace@uni.example",
        first_name: "Ada",
        last_name: "Lovelace",
        course: "Mathematics",
        level: "undergraduate",
        expected_graduation: "2027-06",
        status: "active",
      },
      {
        line: 3,
        student_id: "S2",
        email: "grace@uni.example",
        first_name: "Grace",
        last_name: "Hopper, Jr",
        course: null,
        level: null,
        expected_graduation: null,
        status: "suspended",
      },
    ]);
  });

  it("takes the columns in any order", async () => {
    const { rows, errors } = await read(
      "status,expected_graduation,level,course,last_name,first_name,email,student_id",
      "left,2026-01,postgraduate taught,Law,Jones,Sam,sam@uni.example,S9",
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ student_id: "S9", level: "postgraduate_taught", status: "left" });
  });

  it("reports every bad line by number and column, with a reason", async () => {
    const { errors } = await read(
      HEADER,
      "S1,not-an-address,Ada,Lovelace,Maths,undergraduate,2027-6,active",
      "S2,b@uni.example,,Hopper,Maths,doctorate,2027-06,gone",
      "S1,c@uni.example,Alan,Turing,Maths,,,active",
      "S4,b@uni.example,Tim,Berners-Lee,Maths,,,active",
      "S5,e@uni.example,Only,Five",
    );
    expect(errors).toEqual([
      { line: 2, field: "email", reason: "Enter an email address in the right format, like name@example.com" },
      { line: 2, field: "expected_graduation", reason: "Write the month as YYYY-MM, like 2027-06" },
      { line: 3, field: "first_name", reason: "Enter the first name" },
      {
        line: 3,
        field: "level",
        reason: "Use one of: foundation, undergraduate, postgraduate_taught, postgraduate_research, other",
      },
      { line: 3, field: "status", reason: "Use one of: active, suspended, left" },
      { line: 4, field: "student_id", reason: "The same student_id is on line 2" },
      { line: 5, field: "email", reason: "The same email is on line 3" },
      { line: 6, field: "file", reason: "The line has 4 values where the header has 8" },
      { line: 6, field: "status", reason: "Use one of: active, suspended, left" },
    ]);
  });

  it("reports missing, unknown and repeated columns on line 1 and reads no further", async () => {
    const { rows, errors } = await read(
      "student_id,email,first_name,surname,course,level,status,email",
      "S1,a@uni.example,Ada,Lovelace,Maths,,active,a@uni.example",
    );
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { line: 1, field: "file", reason: 'Unknown column "surname"' },
      { line: 1, field: "email", reason: 'The column "email" is there twice' },
      { line: 1, field: "last_name", reason: 'The column "last_name" is missing' },
      { line: 1, field: "expected_graduation", reason: 'The column "expected_graduation" is missing' },
    ]);
  });

  it("reports a NUL character, a broken quote and an empty file as errors of the file", async () => {
    expect((await read(HEADER, "S1,a@uni.example,Ada,Love\u0000lace,,,,active")).errors).toEqual([
      { line: 2, field: "file", reason: "The line holds a NUL character" },
    ]);
    expect((await read(HEADER, 'S1,"a@uni.example,Ada')).errors).toEqual([
      { line: 2, field: "file", reason: "a quoted field is never closed" },
    ]);
    expect((await read("")).errors).toEqual([
      { line: 1, field: "file", reason: "The file is empty: it needs a header line" },
    ]);
  });
});
