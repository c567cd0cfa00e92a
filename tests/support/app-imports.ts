import fs from "node:fs";
import path from "node:path";

const APP = path.resolve(import.meta.dirname, "..", "..", "app");

/** The file an import of `from` names, for imports of the app (`~/` or relative) that lead to a source file. */
export function resolveAppImport(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  const base = bare.startsWith("~/")
    ? path.join(APP, bare.slice(2))
    : bare.startsWith(".")
      ? path.resolve(path.dirname(from), bare)
      : null;
  if (!base) return null;
  const found = ["", ".ts", ".tsx", "/index.ts"]
    .map((ext) => base + ext)
    .find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
  return found && /\.tsx?$/.test(found) ? found : null;
}
