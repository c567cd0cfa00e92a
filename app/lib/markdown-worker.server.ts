import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { htmlToMarkdown, renderMarkdown } from "./markdown.server";

/**
 * Descriptions made on another thread, so that a large import converts and renders the next batch's
 * descriptions on the machine's other core while PGlite (whose WebAssembly runs on the main thread)
 * writes this one.
 *
 * The worker runs this very module: from the production build, the chunk it was bundled into (which
 * holds the converter, the renderer and their options, so nothing is written twice); under Vitest, this
 * TypeScript file, loaded through tsx. Each request answers its descriptions in order, or the error it met.
 */
const ROLE = "render-markdown";

/** A description as given: Markdown (a feed's), or a provider's HTML, which is made Markdown first. */
export type DescriptionInput = { markdown: string } | { html: string };
/** What is stored of a description: its Markdown, and the safe HTML pages show. */
export type Description = { markdown: string; html: string };

export function makeDescription(input: DescriptionInput): Description {
  const markdown = "html" in input ? htmlToMarkdown(input.html).trim() : input.markdown;
  return { markdown, html: renderMarkdown(markdown) };
}

type Request = { id: number; inputs: DescriptionInput[] };
type Answer = { id: number; descriptions: Description[] } | { id: number; error: string };

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on("message", ({ id, inputs }: Request) => {
    let answer: Answer;
    try {
      answer = { id, descriptions: inputs.map(makeDescription) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(answer);
  });
}

export type DescriptionWorker = {
  /** The inputs' descriptions, as `makeDescription` makes them, in order. */
  make(inputs: DescriptionInput[]): Promise<Description[]>;
  /** Ends the thread; a request still under way is refused. Safe to call more than once. */
  close(): Promise<void>;
};

/** A describer on a thread of its own. Close it when done: an open one keeps the process alive. */
export function descriptionWorker(): DescriptionWorker {
  const url = new URL(import.meta.url);
  // Under Vitest this module is TypeScript with `~/` imports, which Node reads only through tsx.
  const typescript = url.pathname.endsWith(".ts");
  const worker = new Worker(url, {
    workerData: { role: ROLE },
    execArgv: typescript ? ["--import", "tsx"] : [],
  });
  const pending = new Map<number, { resolve: (d: Description[]) => void; reject: (error: Error) => void }>();
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
    if ("error" in answer) waiting.reject(new Error(`Making descriptions failed: ${answer.error}`));
    else waiting.resolve(answer.descriptions);
  });
  worker.on("error", (error) => refuseAll(error));
  worker.on("exit", (code) => refuseAll(new Error(`The descriptions' thread ended (exit code ${code}).`)));
  return {
    make(inputs) {
      if (ended) return Promise.reject(ended);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, inputs } satisfies Request);
      });
    },
    async close() {
      refuseAll(new Error("The descriptions' thread was closed."));
      await worker.terminate();
    },
  };
}
