import { LineCounter, parseDocument } from "yaml";

export type FrontMatter = {
  data: unknown;
  body: string;
  /** The file line of a front-matter key (["metrics", 0, "label"]), or of the front matter's first line. */
  lineOf(path: readonly PropertyKey[]): number;
};

export class FrontMatterError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Splits `---` YAML `---` from the Markdown body; errors carry the line of the file they are on. */
export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (lines[0]?.trim() !== "---")
    throw new FrontMatterError("the file must start with a front matter block: a line with ---", 1);
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
  if (end < 0) throw new FrontMatterError("the front matter block is not closed by a line with ---", 1);

  const counter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join("\n"), { lineCounter: counter, uniqueKeys: true });
  // YAML lines are counted from the line after the opening ---.
  const fileLine = (yamlLine: number) => yamlLine + 1;
  const [error] = doc.errors;
  if (error) throw new FrontMatterError(error.message.split("\n")[0]!, fileLine(error.linePos?.[0].line ?? 1));

  return {
    data: doc.toJS() ?? {},
    body: lines.slice(end + 1).join("\n"),
    lineOf(path) {
      for (let n = path.length; n > 0; n--) {
        const node = doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
        if (node?.range) return fileLine(counter.linePos(node.range[0]).line);
      }
      return 1;
    },
  };
}
