import { describe, expect, it } from "vitest";
import { type ProgressBody, createProgressSaver } from "./progress";

/** A saver on a hand-driven clock whose requests are answered by the test. */
function setup(options: { saved?: number | null; beaconOk?: boolean } = {}) {
  let clock = 0;
  const sent: ProgressBody[] = [];
  const beacons: ProgressBody[] = [];
  const answers: ((ok: boolean) => void)[] = [];
  const saver = createProgressSaver({
    now: () => clock,
    send: (body) => {
      sent.push(body);
      return new Promise<boolean>((resolve) => answers.push(resolve));
    },
    beacon: (body) => {
      beacons.push(body);
      return options.beaconOk ?? true;
    },
    saved: options.saved ?? null,
  });
  /** Answers the oldest open request and lets its follow-up run. */
  const answer = async (ok = true) => {
    answers.shift()!(ok);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** Plays from `from` for `seconds`, with a time update every 250 ms, as a browser sends them. */
  const play = (from: number, seconds: number) => {
    for (let t = 0; t <= seconds * 1000; t += 250) {
      clock += t === 0 ? 0 : 250;
      saver.tick(from + t / 1000, 300);
    }
    return from + seconds;
  };
  return { saver, sent, beacons, answer, play, open: () => answers.length, advance: (ms: number) => (clock += ms) };
}

describe("createProgressSaver", () => {
  it("saves every five seconds while playing, rounded to a tenth", async () => {
    const { saver, sent, answer, play, advance } = setup();
    saver.playing();
    play(10, 4.75);
    expect(sent).toEqual([]);
    advance(250);
    saver.tick(15.04, 300);
    expect(sent).toEqual([{ position: 15, duration: 300 }]);
    await answer();
    advance(4750);
    saver.tick(19.75, 300);
    expect(sent).toHaveLength(1);
    advance(250);
    saver.tick(20, 300);
    expect(sent).toEqual([
      { position: 15, duration: 300 },
      { position: 20, duration: 300 },
    ]);
  });

  it("does not save when the position did not move by a second", async () => {
    const { saver, sent, answer, advance } = setup({ saved: 42 });
    saver.playing();
    advance(6000);
    saver.tick(42.6, 300); // stalled, buffering
    expect(sent).toEqual([]);
    saver.tick(43.1, 300);
    expect(sent).toEqual([{ position: 43.1, duration: 300 }]);
    await answer();
    saver.flush(43.1, 300); // pausing where it was just saved
    expect(sent).toHaveLength(1);
  });

  it("keeps one request in flight: a periodic save is dropped, a pause waits for its turn", async () => {
    const { saver, sent, answer, advance, open } = setup();
    saver.playing();
    advance(5000);
    saver.tick(5, 300);
    advance(6000);
    saver.tick(11, 300);
    expect(sent).toHaveLength(1);
    saver.flush(12, 300);
    saver.flush(13, 300); // a second pause or seek replaces the waiting one
    expect(sent).toHaveLength(1);
    expect(open()).toBe(1);
    await answer();
    expect(sent).toEqual([
      { position: 5, duration: 300 },
      { position: 13, duration: 300 },
    ]);
    expect(open()).toBe(1);
  });

  it("retries after a failure, silently", async () => {
    const { saver, sent, answer, advance } = setup();
    saver.flush(30, 300);
    await answer(false);
    advance(5000);
    saver.tick(30.5, 300); // not a second from the last save that worked (none): retried
    expect(sent.at(-1)).toEqual({ position: 30.5, duration: 300 });
  });

  it("saves on pause and seek, and the full duration at the end", async () => {
    const { saver, sent, answer } = setup();
    saver.flush(61.24, 300);
    await answer();
    saver.flush(120, 300);
    await answer();
    saver.ended(299.98);
    expect(sent).toEqual([
      { position: 61.2, duration: 300 },
      { position: 120, duration: 300 },
      { position: 300, duration: 300 },
    ]);
    await answer();
    saver.ended(300);
    expect(sent).toHaveLength(3);
  });

  it("sends a beacon when the page is hidden, once per position, and none if nothing happened", async () => {
    const idle = setup({ saved: 80 });
    idle.saver.leave(0, 300);
    expect(idle.beacons).toEqual([]);

    const { saver, beacons, sent, answer, play } = setup();
    saver.playing();
    const at = play(0, 7.3);
    saver.leave(at, 300);
    expect(beacons).toEqual([{ position: 7.3, duration: 300 }]);
    saver.leave(at, 300); // visibilitychange, then pagehide
    expect(beacons).toHaveLength(1);
    // A fetch in flight dies with the page: the beacon goes anyway.
    await answer();
    saver.flush(9, 300);
    saver.leave(9.5, 300);
    expect(sent.at(-1)).toEqual({ position: 9, duration: 300 });
    expect(beacons.at(-1)).toEqual({ position: 9.5, duration: 300 });
  });

  it("tries the beacon again when the browser would not queue it", () => {
    const { saver, beacons } = setup({ beaconOk: false });
    saver.flush(4, 300);
    saver.leave(8, 300);
    saver.leave(8, 300);
    expect(beacons).toHaveLength(2);
  });
});
