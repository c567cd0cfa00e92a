import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { htmlToMarkdown, renderMarkdown } from "./markdown.server";

/**
 * Markdown rendered, and HTML made Markdown, on another thread: a large import renders the next batch's
 * descriptions on the machine's other core while PGlite (whose WebAssembly runs on the main thread)
 * writes this one, and a large source's descriptions are converted on both cores at once.
 *
 * The worker runs this very module: from the production build, the chunk it was bundled into (which
 * holds the renderer and its options, so nothing is written twice); under Vitest, this TypeScript file,
 * loaded through tsx. Each request answers the HTML of its texts in order, or the error it met.
 */
const ROLE = "render-markdown";

type Request = { id: number; op: "render" | "to-markdown"; texts: string[] };
type Answer = { id: number; html: string[] } | { id: number; error: string };

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on("message", ({ id, op, texts }: Request) => {
    let answer: Answer;
    try {
      answer = { id, html: texts.map(op === "render" ? renderMarkdown : htmlToMarkdown) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(answer);
  });
}

export type MarkdownRenderer = {
  /** The texts' HTML, as `renderMarkdown` makes it, in order. */
  render(texts: string[]): Promise<string[]>;
  /** The HTMLs' Markdown, as `htmlToMarkdown` makes it, in order. */
  toMarkdown(htmls: string[]): Promise<string[]>;
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
  const ask = (op: Request["op"], texts: string[]) => {
    if (ended) return Promise.reject(ended);
    const id = next++;
    return new Promise<string[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, texts } satisfies Request);
    });
  };
  return {
    render: (texts) => ask("render", texts),
    toMarkdown: (htmls) => ask("to-markdown", htmls),
    async close() {
      refuseAll(new Error("The Markdown renderer was closed."));
      await worker.terminate();
    },
  };
}

/** Fewer HTMLs than this are converted where they are needed: a thread costs more than it saves. */
const TWO_THREADS_FROM = 2_000;
const CHUNK = 500;

/**
 * Many HTMLs' Markdown (`htmlToMarkdown`), by HTML, converted on this thread and another at once: this
 * one takes chunks from the front, the other from the back, until they meet, so a core that someone
 * else keeps busy does less of it. Empty for fewer than TWO_THREADS_FROM, where each is converted as
 * it is met.
 */
export async function htmlToMarkdownMany(htmls: readonly string[]): Promise<Map<string, string>> {
  const converted = new Map<string, string>();
  if (htmls.length < TWO_THREADS_FROM) return converted;
  const renderer = markdownRenderer();
  try {
    let front = 0;
    let back = htmls.length;
    const other = (async () => {
      // A chunk is claimed only while it lies beyond what this thread has taken.
      while (back - CHUNK >= front) {
        const start = (back -= CHUNK);
        const markdown = await renderer.toMarkdown(htmls.slice(start, start + CHUNK));
        markdown.forEach((m, i) => converted.set(htmls[start + i]!, m));
      }
    })();
    // A failed thread loses nothing: what it did not answer is converted where it is needed, as below
    // TWO_THREADS_FROM.
    const done = other.catch(() => {});
    while (front < back) {
      const end = Math.min(front + CHUNK, back);
      for (; front < end; front++) converted.set(htmls[front]!, htmlToMarkdown(htmls[front]!));
      // Lets the other thread's answers in, and its next chunk out.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await done;
    return converted;
  } finally {
    await renderer.close();
  }
}
