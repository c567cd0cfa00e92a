import { describe, expect, it } from "vitest";
import { VttError, parseVtt } from "./vtt";

describe("parseVtt", () => {
  it("reads each cue's times and text, joining its lines, dropping tags and reading entities", () => {
    const vtt =
      "WEBVTT\n\nNOTE made by make-videos\n\n1\n00:00.000 --> 00:02.500\nA CV for the UK\nis two pages.\n\n00:01:02.250 --> 00:01:04.000 align:start\n<v Narrator>Salary &amp; hours &lt;48&gt;</v>\n";
    expect(parseVtt(vtt)).toEqual([
      { start: 0, end: 2.5, text: "A CV for the UK is two pages." },
      { start: 62.25, end: 64, text: "Salary & hours <48>" },
    ]);
  });

  it("names the line of what is wrong", () => {
    const error = (source: string) => {
      try {
        parseVtt(source);
      } catch (e) {
        if (e instanceof VttError) return [e.line, e.message];
      }
      return null;
    };
    expect(error("00:00.000 --> 00:01.000\nHello")).toEqual([1, "a WebVTT file starts with the line WEBVTT"]);
    expect(error("WEBVTT\n\n00:00.000 --> 0:01\nHello")?.[0]).toBe(3);
    expect(error("WEBVTT\n\n00:02.000 --> 00:01.000\nHello")).toEqual([3, "a cue must end after it starts"]);
    expect(error("WEBVTT\n\nHello\nthere\nagain")).toEqual([3, "a cue needs a timing line: start --> end"]);
  });
});
