import { describe, expect, it } from "vitest";
import {
  chapterIndexAt,
  clamp,
  cueIndexAt,
  formatTime,
  highlight,
  matchRanges,
  mediaUrlAt,
  parseTimeParam,
  resumePoint,
  roundPosition,
  scrollTopToReveal,
  searchCues,
  searchSummary,
  seekHref,
  shortcutFor,
  stepRate,
} from "./transcript";

const cues = [
  { start: 0, end: 4, text: "Welcome to the careers hub." },
  { start: 4, end: 9.5, text: "Today: writing a CV for a café job." },
  { start: 12, end: 20, text: "A CV is not a cover letter." },
];

describe("times", () => {
  it("formats m:ss and h:mm:ss, flooring", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(7.9)).toBe("0:07");
    expect(formatTime(83)).toBe("1:23");
    expect(formatTime(600)).toBe("10:00");
    expect(formatTime(3723)).toBe("1:02:03");
    expect(formatTime(-3)).toBe("0:00");
    expect(formatTime(Number.NaN)).toBe("0:00");
  });

  it("parses the address's ?t= in its usual spellings", () => {
    expect(parseTimeParam("83")).toBe(83);
    expect(parseTimeParam("83.5")).toBe(83.5);
    expect(parseTimeParam("1:23")).toBe(83);
    expect(parseTimeParam("1:02:03")).toBe(3723);
    expect(parseTimeParam("1m23s")).toBe(83);
    expect(parseTimeParam("2h")).toBe(7200);
    for (const broken of ["", "abc", "-5", "1:2:3:4", null, undefined]) expect(parseTimeParam(broken)).toBeNull();
  });

  it("clamps and rounds to a tenth", () => {
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
    expect(clamp(5, 0, 10)).toBe(5);
    expect(roundPosition(12.345)).toBe(12.3);
    expect(roundPosition(12.36)).toBe(12.4);
  });

  it("resumes only between the start and five seconds before the end", () => {
    expect(resumePoint(null, 100)).toBeNull();
    expect(resumePoint(0, 100)).toBeNull();
    expect(resumePoint(-2, 100)).toBeNull();
    expect(resumePoint(30, 100)).toBe(30);
    expect(resumePoint(95, 100)).toBe(95);
    expect(resumePoint(95.1, 100)).toBeNull();
    expect(resumePoint(Number.NaN, 100)).toBeNull();
  });
});

describe("cues and chapters", () => {
  it("finds the cue spoken at a time, none in a silence or after the end", () => {
    expect(cueIndexAt(cues, 0)).toBe(0);
    expect(cueIndexAt(cues, 3.99)).toBe(0);
    expect(cueIndexAt(cues, 4)).toBe(1);
    expect(cueIndexAt(cues, 10)).toBe(-1);
    expect(cueIndexAt(cues, 12)).toBe(2);
    expect(cueIndexAt(cues, 25)).toBe(-1);
    expect(cueIndexAt([], 3)).toBe(-1);
  });

  it("finds the chapter playing at a time", () => {
    const chapters = [
      { start: 5, title: "Intro" },
      { start: 60, title: "Layout" },
    ];
    expect(chapterIndexAt(chapters, 0)).toBe(-1);
    expect(chapterIndexAt(chapters, 5)).toBe(0);
    expect(chapterIndexAt(chapters, 59.9)).toBe(0);
    expect(chapterIndexAt(chapters, 600)).toBe(1);
  });
});

describe("links", () => {
  it("links a moment to ?t=<whole seconds>#player, keeping the page's other parameters", () => {
    expect(seekHref("/videos/cv-basics", 83.7)).toBe("/videos/cv-basics?t=83#player");
    expect(seekHref("/videos/cv-basics?t=10#top", 5)).toBe("/videos/cv-basics?t=5#player");
    expect(seekHref("/videos/cv-basics?lang=fr", 0)).toBe("/videos/cv-basics?lang=fr&t=0#player");
  });

  it("puts a media fragment on the source for a start", () => {
    expect(mediaUrlAt("/media/a.mp4", null)).toBe("/media/a.mp4");
    expect(mediaUrlAt("/media/a.mp4", 0)).toBe("/media/a.mp4");
    expect(mediaUrlAt("/media/a.mp4", 83)).toBe("/media/a.mp4#t=83");
    expect(mediaUrlAt("/media/a.mp4#old", 12.34)).toBe("/media/a.mp4#t=12.3");
  });
});

describe("search", () => {
  it("matches regardless of case and accents, mapping back to the original text", () => {
    expect(matchRanges("Today: writing a CV for a café job.", "CAFE")).toEqual([[26, 30]]);
    expect(matchRanges("a cv, a CV", "cv")).toEqual([
      [2, 4],
      [8, 10],
    ]);
    expect(matchRanges("anything", "  ")).toEqual([]);
  });

  it("cuts the text into marked and unmarked pieces", () => {
    expect(highlight("A CV is not a cover letter.", "cv")).toEqual([
      { text: "A ", match: false },
      { text: "CV", match: true },
      { text: " is not a cover letter.", match: false },
    ]);
    expect(highlight("cv", "cv")).toEqual([{ text: "cv", match: true }]);
    expect(highlight("Nothing here", "cv")).toEqual([{ text: "Nothing here", match: false }]);
    expect(highlight("", "")).toEqual([{ text: "", match: false }]);
  });

  it("lists every cue for an empty search and the matching ones otherwise, with a summary", () => {
    expect(searchCues(cues, "")).toEqual([0, 1, 2]);
    expect(searchCues(cues, "cv")).toEqual([1, 2]);
    expect(searchCues(cues, "zebra")).toEqual([]);
    expect(searchSummary("", 3)).toBe("");
    expect(searchSummary(" cv ", 2)).toBe("2 lines match “cv”");
    expect(searchSummary("hub", 1)).toBe("1 line matches “hub”");
    expect(searchSummary("zebra", 0)).toBe("No lines match “zebra”");
  });
});

describe("keyboard", () => {
  it("maps the player's shortcuts and leaves other keys and modified keys to the browser", () => {
    expect(shortcutFor({ key: "k" })).toEqual({ type: "toggle-play" });
    expect(shortcutFor({ key: " " })).toEqual({ type: "toggle-play" });
    expect(shortcutFor({ key: "j" })).toEqual({ type: "seek-by", seconds: -10 });
    expect(shortcutFor({ key: "L" })).toEqual({ type: "seek-by", seconds: 10 });
    expect(shortcutFor({ key: "ArrowLeft" })).toEqual({ type: "seek-by", seconds: -5 });
    expect(shortcutFor({ key: "ArrowRight" })).toEqual({ type: "seek-by", seconds: 5 });
    expect(shortcutFor({ key: "c" })).toEqual({ type: "toggle-captions" });
    expect(shortcutFor({ key: ">" })).toEqual({ type: "rate", direction: 1 });
    expect(shortcutFor({ key: "<" })).toEqual({ type: "rate", direction: -1 });
    expect(shortcutFor({ key: "Tab" })).toBeNull();
    expect(shortcutFor({ key: "ArrowUp" })).toBeNull();
    expect(shortcutFor({ key: "l", ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: "c", metaKey: true })).toBeNull();
    expect(shortcutFor({ key: "k", altKey: true })).toBeNull();
  });

  it("steps the speed along the list, from any speed, stopping at the ends", () => {
    expect(stepRate(1, 1)).toBe(1.25);
    expect(stepRate(1, -1)).toBe(0.75);
    expect(stepRate(2, 1)).toBe(2);
    expect(stepRate(0.75, -1)).toBe(0.75);
    expect(stepRate(0.5, 1)).toBe(0.75);
    expect(stepRate(1.1, -1)).toBe(1);
    expect(stepRate(3, -1)).toBe(2);
  });
});

describe("scrollTopToReveal", () => {
  const box = { scrollTop: 100, height: 300, scrollHeight: 2000 };
  it("leaves a line in full view where it is", () => {
    expect(scrollTopToReveal(box, { top: 150, height: 30 })).toBeNull();
    expect(scrollTopToReveal(box, { top: 100, height: 300 })).toBeNull();
  });
  it("brings a line below or above the view a third of the way down", () => {
    expect(scrollTopToReveal(box, { top: 390, height: 30 })).toBe(290);
    expect(scrollTopToReveal(box, { top: 50, height: 30 })).toBe(0);
    expect(scrollTopToReveal(box, { top: 1000, height: 30 })).toBe(900);
  });
  it("stays within the scrollable range", () => {
    expect(scrollTopToReveal({ scrollTop: 0, height: 300, scrollHeight: 1000 }, { top: 980, height: 20 })).toBe(700);
    expect(scrollTopToReveal({ scrollTop: 0, height: 300, scrollHeight: 200 }, { top: 400, height: 20 })).toBe(0);
  });
});
