import type { ServerResponse } from "node:http";

/**
 * The page renders under way, by kept-page key, each settled once its answer has gone out (its
 * response's "close"). A request for a page being rendered waits for that render rather than render it
 * through the same pool again (server/app.ts).
 */
export class RendersUnderWay {
  private readonly under = new Map<string, Promise<void>>();

  /** The render under way for the key, if any. */
  of(key: string): Promise<void> | undefined {
    return this.under.get(key);
  }

  /**
   * Whether to render for `res`: false when its client has already left (it waited for another render
   * and hung up meanwhile), since nobody would read the page. Such a response is never made the key's
   * render: its "close" has already been emitted and would not be again, so the render would never
   * settle and every later request for the page would wait for it.
   */
  lead(key: string, res: ServerResponse): boolean {
    if (res.closed) return false;
    if (!this.under.has(key)) {
      const done = new Promise<void>((resolve) =>
        res.once("close", () => {
          if (this.under.get(key) === done) this.under.delete(key);
          resolve();
        }),
      );
      this.under.set(key, done);
    }
    return true;
  }
}
