// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PlayerProps, VideoPlayer } from "./player";

const props: PlayerProps = {
  video: {
    slug: "cv-basics",
    title: "Writing your first CV",
    media: { url: "/media/cv-basics.mp4", type: "video/mp4" },
    posterUrl: "/media/cv-basics.jpg",
    captions: { url: "/media/cv-basics.en.vtt", language: "en", label: "English" },
    duration: 300,
    chapters: [
      { start: 0, title: "Introduction" },
      { start: 60, title: "Layout" },
    ],
    transcript: [
      { start: 0, end: 5, text: "Welcome to the careers hub." },
      { start: 80, end: 90, text: "Keep your CV to two pages." },
      { start: 120, end: 130, text: "A CV is not a cover letter." },
    ],
  },
  startAt: null,
  captionsOn: false,
  progressUrl: null,
  preferencesUrl: null,
  pageUrl: "/videos/cv-basics",
};

// happy-dom makes a new TextTrack at each read and refuses "hidden": one plain track per element.
const tracks = new WeakMap<HTMLTrackElement, { mode: TextTrackMode }>();
beforeEach(() => {
  vi.spyOn(HTMLTrackElement.prototype, "track", "get").mockImplementation(function (this: HTMLTrackElement) {
    if (!tracks.has(this)) tracks.set(this, { mode: this.default ? "showing" : "disabled" });
    return tracks.get(this) as TextTrack;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("server render (no JavaScript)", () => {
  it("renders the video, its captions, chapters and transcript as links, without style attributes", () => {
    const html = renderToString(<VideoPlayer {...props} startAt={83} captionsOn />);
    expect(html).toContain('id="player"');
    expect(html).toMatch(
      /<video[^>]*controls=""[^>]*preload="metadata"[^>]*playsInline=""[^>]*poster="\/media\/cv-basics.jpg"[^>]*aria-label="Writing your first CV"/,
    );
    expect(html).not.toMatch(/autoplay/i);
    expect(html).toContain('<source src="/media/cv-basics.mp4#t=83" type="video/mp4"/>');
    expect(html).toMatch(
      /<track kind="captions" src="\/media\/cv-basics.en.vtt" srcLang="en" label="English" default=""/,
    );
    expect(html).toContain('href="/videos/cv-basics?t=60#player"');
    expect(html).toContain('href="/videos/cv-basics?t=120#player"');
    expect(html).toMatch(/role="region" aria-label="Transcript" tabindex="0"/);
    // The line and chapter at ?t=83 are already marked.
    expect(html).toMatch(/href="\/videos\/cv-basics\?t=80#player" aria-current="true"/);
    expect(html).toMatch(/href="\/videos\/cv-basics\?t=60#player" aria-current="true"/);
    expect(html).not.toMatch(/style=/);
  });

  it("starts at the beginning without a start, and leaves captions off by preference", () => {
    const html = renderToString(<VideoPlayer {...props} />);
    expect(html).toContain('<source src="/media/cv-basics.mp4" type="video/mp4"/>');
    expect(html).not.toMatch(/<track[^>]*default/);
  });
});

function setup(overrides: Partial<PlayerProps> = {}) {
  const utils = render(<VideoPlayer {...props} {...overrides} />);
  const video = utils.container.querySelector("video")!;
  return { ...utils, video, track: utils.container.querySelector("track")!.track };
}

describe("with JavaScript", () => {
  it("seeks in place when a transcript line or chapter is clicked, and marks it", () => {
    const { video } = setup();
    const line = screen.getByRole("link", { name: /Keep your CV/ });
    expect(fireEvent.click(line)).toBe(false); // default prevented: no navigation
    expect(video.currentTime).toBe(80);
    expect(line.getAttribute("aria-current")).toBe("true");
    expect(fireEvent.click(screen.getByRole("link", { name: /Layout/ }))).toBe(false);
    expect(video.currentTime).toBe(60);
    expect(screen.getByRole("link", { name: /Layout/ }).getAttribute("aria-current")).toBe("true");
  });

  it("answers shortcuts on the video and its wrapper only", () => {
    const { video, track } = setup();
    const play = vi.spyOn(video, "play").mockResolvedValue(undefined);
    fireEvent.keyDown(video, { key: "l" });
    expect(video.currentTime).toBe(10);
    fireEvent.keyDown(document.getElementById("player")!, { key: "ArrowLeft" });
    expect(video.currentTime).toBe(5);
    fireEvent.keyDown(video, { key: "k" });
    expect(play).toHaveBeenCalledOnce();
    fireEvent.keyDown(video, { key: ">" });
    expect(video.playbackRate).toBe(1.25);
    track.mode = "hidden";
    fireEvent.keyDown(video, { key: "c" });
    expect(track.mode).toBe("showing");
    fireEvent.keyDown(screen.getByLabelText("Search the transcript"), { key: "l" });
    fireEvent.keyDown(screen.getByLabelText("Playback speed"), { key: "ArrowRight" });
    expect(video.currentTime).toBe(5);
  });

  it("filters the transcript and says how many lines match", () => {
    setup();
    fireEvent.change(screen.getByLabelText("Search the transcript"), { target: { value: "cv" } });
    const transcript = within(screen.getByRole("region", { name: "Transcript" }));
    expect(transcript.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "1:20Keep your CV to two pages.",
      "2:00A CV is not a cover letter.",
    ]);
    expect(screen.getByText("2 lines match “cv”")).toBeTruthy();
    expect(screen.getAllByText("CV", { selector: "mark" })).toHaveLength(2);
  });

  it("resumes on loadedmetadata and offers the beginning", () => {
    const { video } = setup({ startAt: 83 });
    act(() => void video.dispatchEvent(new Event("loadedmetadata")));
    expect(video.currentTime).toBe(83);
    expect(screen.getByText("Resumed at 1:23")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Start from the beginning" }));
    expect(video.currentTime).toBe(0);
  });

  it("does not resume in the last five seconds", () => {
    const { video } = setup({ startAt: 297 });
    act(() => void video.dispatchEvent(new Event("loadedmetadata")));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/Resumed/)).toBeNull();
  });

  it("shows captions at once and saves the preference, saying so when that fails", async () => {
    const fetch = vi.fn().mockResolvedValueOnce({ ok: true }).mockRejectedValueOnce(new Error("offline"));
    vi.stubGlobal("fetch", fetch);
    const { track } = setup({ preferencesUrl: "/api/me/preferences" });
    const box = screen.getByLabelText("Always show captions");
    await act(async () => void fireEvent.click(box));
    expect(track.mode).toBe("showing");
    expect(fetch).toHaveBeenCalledWith(
      "/api/me/preferences",
      expect.objectContaining({ method: "PUT", credentials: "same-origin", body: '{"captions":true}' }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    await act(async () => void fireEvent.click(box));
    expect(track.mode).toBe("hidden");
    expect(screen.getByRole("alert").textContent).toMatch(/could not be saved/);
  });

  it("offers a link to an HLS stream the browser cannot play, and one without JavaScript", () => {
    const hls = { ...props.video, media: { url: "/media/cv.m3u8", type: "application/vnd.apple.mpegurl" } };
    expect(renderToString(<VideoPlayer {...props} video={hls} />)).toMatch(
      /<noscript>.*href="\/media\/cv.m3u8".*<\/noscript>/s,
    );
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("");
    setup({ video: hls });
    expect(screen.getByRole("link", { name: "Open the video stream" }).getAttribute("href")).toBe("/media/cv.m3u8");
  });

  it("saves the position on pause and sends a beacon as the page goes", async () => {
    const fetch = vi.fn().mockResolvedValue({ ok: true });
    const sendBeacon = vi.fn().mockReturnValue(true);
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon });
    const { video } = setup({ progressUrl: "/api/videos/cv-basics/progress" });
    video.currentTime = 42.04;
    await act(async () => void video.dispatchEvent(new Event("pause")));
    expect(fetch).toHaveBeenCalledWith("/api/videos/cv-basics/progress", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: '{"position":42,"duration":300}',
    });
    video.currentTime = 50;
    window.dispatchEvent(new Event("pagehide"));
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe("/api/videos/cv-basics/progress");
    expect(blob.type).toBe("application/json");
    expect(await blob.text()).toBe('{"position":50,"duration":300}');
  });

  it("has no captions checkbox for a visitor", () => {
    setup();
    expect(screen.queryByLabelText("Always show captions")).toBeNull();
  });
});
