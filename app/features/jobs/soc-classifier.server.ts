import path from "node:path";
import { readCsv } from "~/lib/csv-reader";
import { GOING_RATES_TABLE_1_1A as TABLE_1_1A } from "~/features/sponsorship/index.server";
import { SOC_UNIT_GROUPS_FILE, readSocUnitGroups } from "./demo.server";
import { type SocClassifier, socClassifier } from "./soc-classifier";

async function* once(text: string) {
  yield text;
}

/** HC 997's related job titles of each code in Tables 1 and 1a ("Software developers", "Data engineers"). */
async function relatedTitles(): Promise<Map<string, string[]>> {
  const related = new Map<string, string[]>();
  let header: string[] | null = null;
  for await (const { fields } of readCsv(once(TABLE_1_1A))) {
    if (!header) {
      header = fields;
      continue;
    }
    const code = fields[header.indexOf("soc_code")]?.trim();
    const titles = (fields[header.indexOf("related_job_titles")] ?? "")
      .split(/;\s*/)
      .map((t) => t.trim())
      .filter(Boolean);
    if (code) related.set(code, [...(related.get(code) ?? []), ...titles]);
  }
  return related;
}

const built = new Map<string, Promise<SocClassifier>>();

/**
 * The SOC classifier over the shipped unit groups (`seed-data/soc2020/unit-groups.csv` under `rootDir`)
 * and HC 997's related job titles, read and indexed once per process: building the index takes a
 * few hundred milliseconds, classifying a title well under one.
 */
export function loadSocClassifier(rootDir: string): Promise<SocClassifier> {
  const file = path.join(rootDir, SOC_UNIT_GROUPS_FILE);
  let classifier = built.get(file);
  if (!classifier) {
    classifier = Promise.all([readSocUnitGroups(file), relatedTitles()]).then(([groups, related]) =>
      socClassifier(groups.map((g) => ({ ...g, relatedTitles: related.get(g.code) ?? [] }))),
    );
    // A failed read is not kept: the next import tries again.
    classifier.catch(() => built.delete(file));
    built.set(file, classifier);
  }
  return classifier;
}
