import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { renderMarkdown } from "./markdown.server";

/**
 * Markdown rendered on another thread, so that a large import renders the next batch's descriptions on
 * the machine's other core while PGlite (whose WebAssembly runs on the main thread) writes this one.
 *
 * The worker runs this very module: from the production build, the chunk it was bundled into (which
 * holds the renderer and its options, so nothing is written twice); under Vitest, this TypeScript file,
 * loaded through tsx. Each request answers the HTML of its texts in order, or the error it met.
 */
const ROLE = "render-markdown";

type Request = { id: number; texts: string[] };
type Answer = { id: number; html: string[] } | { id: number; error: string };

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on("message", ({ id, texts }: Request) => {
    let answer: Answer;
    try {
      answer = { id, html: texts.map(renderMarkdown) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(answer);
  });
}

export type MarkdownRenderer = {
  /** The texts' HTML, as `renderMarkdown` makes it, in order. */
  render(texts: string[]): Promise<string[]>;
  /** Ends the thread; a render still under way is refused. Safe to call more than once. */
  close(): Promise<void>;
};

/** A renderer on a thread of its own. Close it when done: an open one keeps the process alive. */
export function markdownRenderer(): MarkdownRenderer {
  const url = new URL(import.meta.url);
  // Under Vitest this module is TypeScript with `~/` imports, which Node reads only through tsx.
  const typescript = url.pathname.endsWith(".ts");
  const worker = new Worker(url, {
    workerData: { role: ROLE },
    execArgv: typescript ? ["--import", "tsx"] : [],
  });
  const pending = new Map<number, { resolve: (html: string[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let ended: Error | null = null;
  const refuseAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(ended);
    pending.clear();
  };
  worker.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ("error" in answer) waiting.reject(new Error(`Rendering Markdown failed: ${answer.error}`));
    else waiting.resolve(answer.html);
  });
  worker.on("error", (error) => refuseAll(error));
  worker.on("exit", (code) => refuseAll(new Error(`The Markdown renderer's thread ended (exit code ${code}).`)));
  return {
    render(texts) {
      if (ended) return Promise.reject(ended);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, texts } satisfies Request);
      });
    },
    async close() {
      refuseAll(new Error("The Markdown renderer was closed."));
      await worker.terminate();
    },
  };
}
