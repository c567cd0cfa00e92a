import { describe, expect, it } from "vitest";
import { isoDuration, videoObjectLd } from "./json-ld";

describe("videoObjectLd", () => {
  it("gives Google's required properties, absolute addresses, and a clip for each chapter", () => {
    const ld = videoObjectLd(
      {
        slug: "uk-cv",
        title: "A UK CV",
        media: { url: "/media/videos/uk-cv.0123456789ab.mp4", type: "video/mp4" },
        posterUrl: "/media/videos/uk-cv.0123456789ab.jpg",
        captions: null,
        duration: 45.2,
        chapters: [
          { start: 0, title: "Two pages" },
          { start: 20.4, title: "No photo" },
        ],
        transcript: [{ start: 0, end: 2, text: "Two pages." }],
      },
      { summary: "What a UK CV holds.", publishedOn: "2026-11-25", pageUrl: "/cih/standard/uk-cv" },
      "https://careers.example",
    );
    for (const required of ["name", "thumbnailUrl", "uploadDate"]) expect(ld).toHaveProperty(required);
    expect(ld.thumbnailUrl).toEqual(["https://careers.example/media/videos/uk-cv.0123456789ab.jpg"]);
    expect(ld.contentUrl).toBe("https://careers.example/media/videos/uk-cv.0123456789ab.mp4");
    expect(ld.duration).toBe("PT45S");
    expect(ld.hasPart).toEqual([
      {
        "@type": "Clip",
        name: "Two pages",
        startOffset: 0,
        endOffset: 21,
        url: "https://careers.example/cih/standard/uk-cv?t=0",
      },
      {
        "@type": "Clip",
        name: "No photo",
        startOffset: 20,
        endOffset: 46,
        url: "https://careers.example/cih/standard/uk-cv?t=20",
      },
    ]);
  });

  it("writes durations in ISO 8601", () => {
    expect([isoDuration(0.2), isoDuration(59.6), isoDuration(125), isoDuration(3600), isoDuration(3725)]).toEqual([
      "PT0S",
      "PT1M",
      "PT2M5S",
      "PT1H",
      "PT1H2M5S",
    ]);
  });
});
