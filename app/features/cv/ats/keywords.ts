import { stem } from "./stem";

/**
 * The key terms of a job advert: the words and two-word phrases an employer's system is likely to
 * search CVs for. No dictionary and no tagger: a word counts when the advert repeats it, names it in
 * the title, or writes it as a name (a capital inside a sentence: "Power BI", "Tableau") or an
 * acronym ("SQL", "NMC"). Function words, the adverts' own boilerplate ("apply", "role", "candidate",
 * "salary") and the praise words ("strong", "excellent") are left out, and so are the sections that
 * describe the employer or its benefits rather than the job.
 */

/** English function words. They end a phrase and are never a term. */
const FUNCTION_WORDS = `a about above after again against all almost along already also although always am among an and
another any anyone anything are around as at be because been before being below between both but by can cannot could
did do does doing done down during each either else enough etc even ever every eg ie few for from further had has have
having he her here hers herself him himself his how however i if in into is it its itself just least less many may me
might more most much must my myself neither no nor not now of off often on once one only onto or other others otherwise
our ours ourselves out over own per perhaps quite rather same she should since so some such than that the their theirs
them themselves then there therefore these they this those though through throughout thus to too toward towards under
unless until up upon us very via was we well were what whatever when where whether which while who whom whose why will
with within without would yet you your yours yourself yourselves`;

/** What every advert says, whatever the job: it neither describes the job nor is searched for. */
const BOILERPLATE = `ability abilities able apply applying application applications applicant applicants candidate
candidates role roles job jobs position positions post opportunity opportunities vacancy vacancies career careers
experience experienced experiences skill skills knowledge understanding background proficiency familiarity exposure
salary salaries annum pro rata hour hours hourly week weeks weekly day days daily month months monthly year years
annual annually time full part permanent temporary contract fixed term benefits benefit pension holiday holidays leave
bonus package competitive flexible flexibility hybrid remote onsite office location based closing date deadline interview
interviews cv cvs resume cover letter employer employers equal diverse diversity inclusion inclusive welcome encourage
hiring hire recruit recruitment recruiting company companies organisation organization join joining joined looking
seek seeking ideal ideally successful essential desirable preferred required require requires requirement requirements
responsibilities responsibility duties duty main key new great good excellent strong outstanding exceptional proven
solid demonstrable demonstrated relevant related similar various range variety wide high highly level levels minimum
plus including include includes included ensure ensuring help helping make making take taking get getting give giving
provide providing want wants love enjoy like need needs needed keen eager willing passionate motivated enthusiastic
friendly supportive driven dynamic exciting organised organized proactive reliable confident compassionate
committed dedicated hardworking hard-working punctual adaptable fast-paced detail-oriented self-motivated hands-on day-to-day forward-thinking
work works working worked people person individual individuals someone everyone anyone team teams colleague colleagues
lot lots way ways thing things part every first second third etc able also across alongside closely together regular
regularly ongoing currently current please note today now apply immediately asap start starting uk united kingdom
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
october november december junior senior graduate trainee entry mid intern internship grad co ltd limited plc inc llp
group trust`;

/**
 * Places: where the job is, not what it needs. The UK's larger towns and cities (not those that are
 * also words, such as Reading or Bath) and the names of its nations and Europe.
 */
const PLACES = `uk england scotland wales ireland britain british europe european london birmingham manchester leeds
glasgow edinburgh liverpool bristol sheffield newcastle nottingham leicester cardiff belfast southampton brighton oxford
cambridge york coventry bradford aberdeen dundee swansea plymouth norwich exeter durham lancaster hull derby stoke
sunderland wolverhampton portsmouth salford milton keynes luton peterborough preston bournemouth middlesbrough`;

/**
 * Words that are part of a term ("customer service", "business intelligence", "team leadership") but
 * say too little alone.
 */
const NOT_ALONE = `business support development service services quality standard standards process processes system
systems tool tools environment manage managing management managed deliver delivery delivering use using used
provide assist assisting assistant lead leading leads report reports reporting maintain maintaining
opportunity growth training learn learning develop developing improve improving create creating build building
within task tasks project projects activity activities area areas field range set sets level type types member members
information detail details basis order result results approach internal external wider whole further general`;

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));
const STOP = new Set([...words(FUNCTION_WORDS), ...words(BOILERPLATE), ...words(PLACES)]);
const NOT_ALONE_WORDS = words(NOT_ALONE);

/** A section of the advert about the employer, its benefits or how to apply, not about the job. */
const BOILERPLATE_HEADING =
  /\b(benefits?|perks|what we offer|what you('ll| will) get|in return|why join|why work|about us|about the (company|organi[sz]ation|employer|team|business)|who we are|our (values|story|mission|culture)|how to apply|to apply|application process|next steps|equal opportunit|diversity|inclusion|salary|package|rewards?)\b/i;
/** "Salary: £28,000", "Location: Leeds": a label and its value, not the job. */
const BOILERPLATE_LABEL =
  /^(salary|pay|location|hours|working hours|contract|contract type|job type|closing date|start date|interview date|reference|ref|band|grade|department|reports to|working pattern|benefits)\s*:/i;

type Token = { raw: string; lower: string; stem: string; named: boolean };

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}+#]*(?:[.'’\-/&][\p{L}\p{N}+#]+)*/gu;
/** Money, counts and years: "£32,000", "40k", "2025", "37.5", "3rd". */
const NUMBERISH = /^[£$€]?\d[\d.,]*(k|m|st|nd|rd|th|pm|am|hrs?|yrs?)?$/i;

/** Markdown to the words a person reads: links by their text, no markers, no addresses. */
function plainWords(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\b(https?:\/\/|www\.)\S+/gi, " ")
    .replace(/\S+@\S+\.\S+/g, " ")
    .replace(/`/g, "");
}

const isHeading = (line: string) => {
  const bare = line.replace(/[*_#>]/g, "").trim();
  if (/^#{1,6}\s/.test(line) || /^(\*\*|__)[^*_]+(\*\*|__):?$/.test(line.trim())) return true;
  if (/^\s*([-*•]|\d+[.)])\s/.test(line)) return false;
  const count = bare.split(/\s+/).length;
  return count <= 6 && (/:$/.test(bare) || (!/[.!?,;]$/.test(bare) && /^\p{Lu}/u.test(bare) && count <= 4));
};

/**
 * The advert as sentences of tokens, without its boilerplate sections and label lines. A token is
 * `named` when it is written as a name: an acronym, a capital inside a word ("HubSpot"), or a capital
 * inside a sentence of ordinary text.
 */
function sentences(markdown: string): Token[][][] {
  const out: Token[][][] = [];
  let skipping = false;
  for (const rawLine of plainWords(markdown).split("\n")) {
    const line = rawLine.trim();
    if (!line) continue;
    const heading = isHeading(line);
    if (heading) skipping = BOILERPLATE_HEADING.test(line);
    if (skipping) continue;
    // "Salary: £28,000 per annum." is not the job; the sentences after it on the same line may be.
    const labelled = BOILERPLATE_LABEL.test(line.replace(/^[-*•#\s]+/, "").replace(/[*_]/g, ""));
    const rest = labelled ? line.replace(/^.*?(?:[.!?](?:\s|$)|$)/, "").trim() : line;
    if (!rest) continue;
    const letters = rest.replace(/[^\p{L}]/gu, "");
    const shouting = letters.length > 8 && letters === letters.toUpperCase();
    const text = rest.replace(/^\s*([-*•>#]+|\d+[.)])\s*/, "").replace(/[*_]{1,2}/g, "");
    for (const sentence of text.split(/[.!?](?=\s|$)|:\s/)) {
      const clauses: Token[][] = [];
      let first = true;
      for (const clause of sentence.split(/[;,()[\]{}"|•–—]|\s[-/&+]\s/)) {
        const tokens: Token[] = [];
        for (const match of clause.matchAll(TOKEN)) {
          for (const raw of splitSlashes(match[0].replace(/['’]s$/i, ""))) {
            const acronym = /^[\p{Lu}][\p{Lu}\p{N}&+#]{1,5}$/u.test(raw) && !shouting;
            const innerCapital = /^\p{L}+$/u.test(raw) && /\p{Ll}\p{Lu}/u.test(raw);
            const capital = /^\p{Lu}/u.test(raw) && !first && !heading && !shouting;
            tokens.push({ raw, lower: raw.toLowerCase(), stem: stem(raw), named: acronym || innerCapital || capital });
            first = false;
          }
        }
        clauses.push(tokens);
      }
      out.push(clauses);
    }
  }
  return out;
}

/** "SQL/Python" is two words; "A/B", "CI/CD" and "UI/UX" stay one. */
function splitSlashes(token: string): string[] {
  const parts = token.split("/");
  return parts.length > 1 && parts.some((p) => p.length > 2) ? parts.filter(Boolean) : [token];
}

const isStop = (t: Token) =>
  STOP.has(t.lower) ||
  t.lower.length < 2 ||
  NUMBERISH.test(t.lower) ||
  /['’]/.test(t.lower) ||
  // Adverbs: "effectively", "closely".
  (t.lower.length > 4 && t.lower.endsWith("ly") && !/(ply|ily|ely)$/.test(t.lower)) ||
  // "customer-focused", "results-driven": praise, not a skill.
  /-(focused|driven|oriented|minded|motivated|paced|based|led)$/.test(t.lower);

/** Runs of content words: a stop word, a number or punctuation ends a run. */
function runs(clauses: Token[][]): Token[][] {
  const out: Token[][] = [];
  for (const clause of clauses) {
    let run: Token[] = [];
    for (const token of clause) {
      if (isStop(token)) {
        if (run.length) out.push(run);
        run = [];
      } else run.push(token);
    }
    if (run.length) out.push(run);
  }
  return out;
}

type Candidate = {
  stems: string[];
  forms: Map<string, number>;
  count: number;
  named: number;
  inTitle: boolean;
  first: number;
};

export type KeyTerm = { term: string; stems: string[]; score: number };

/** The job's key terms, most telling first: at most `max`, lower case. */
export function extractKeyTerms(job: { title: string; description: string }, max = 15): KeyTerm[] {
  const candidates = new Map<string, Candidate>();
  let position = 0;
  const see = (tokens: Token[], fromTitle: boolean) => {
    const key = tokens.map((t) => t.stem).join(" ");
    let c = candidates.get(key);
    if (!c) {
      c = { stems: tokens.map((t) => t.stem), forms: new Map(), count: 0, named: 0, inTitle: false, first: position };
      candidates.set(key, c);
    }
    if (fromTitle) {
      c.inTitle = true;
    } else {
      c.count += 1;
      if (namedPhrase(tokens)) c.named += 1;
    }
    const form = tokens.map((t) => t.lower).join(" ");
    c.forms.set(form, (c.forms.get(form) ?? 0) + 1);
    position += 1;
  };
  const read = (text: string, fromTitle: boolean) => {
    for (const sentence of sentences(text)) {
      for (const run of runs(sentence)) {
        run.forEach((token, i) => {
          see([token], fromTitle);
          if (i > 0) see([run[i - 1]!, token], fromTitle);
          // A name of three words: "Adobe Creative Cloud".
          if (i > 1 && run.slice(i - 2, i + 1).every((t) => t.named)) see(run.slice(i - 2, i + 1), fromTitle);
        });
      }
    }
  };
  // The title's words are the job's own; a band or a reference in brackets is not.
  read(job.title.replace(/\([^)]*\d[^)]*\)/g, " ").replace(/\s[-–—|]\s/g, "\n"), true);
  read(job.description, false);

  const scored: (Candidate & { score: number })[] = [];
  for (const c of candidates.values()) {
    const named = c.named > 0;
    if (c.stems.length === 1) {
      if (NOT_ALONE_WORDS.has(commonest(c.forms))) continue;
      if (c.count < 2 && !c.inTitle && !named) continue;
      scored.push({ ...c, score: c.count + (c.inTitle ? 3 : 0) + (named ? 2 : 0) });
    } else {
      if (
        commonest(c.forms)
          .split(" ")
          .every((w) => NOT_ALONE_WORDS.has(w))
      )
        continue;
      if (c.count < 2 && !c.inTitle && !named) continue;
      scored.push({ ...c, score: 2 * c.count + (c.inTitle ? 3 : 0) + (named ? 2 : 0) });
    }
  }
  scored.sort((a, b) => b.score - a.score || b.stems.length - a.stems.length || a.first - b.first);

  const picked: typeof scored = [];
  for (const c of scored) {
    if (picked.length >= max) break;
    // A word or phrase that mostly appears inside a longer one already picked is that one.
    const seen = (x: Candidate) => x.count + (x.inTitle ? 1 : 0);
    const inPhrases = picked.filter((p) => contains(p.stems, c.stems)).reduce((n, p) => n + seen(p), 0);
    if (inPhrases > 0 && seen(c) - inPhrases < (c.stems.length === 1 ? 2 : 1)) continue;
    if (
      c.stems.length > 1 &&
      c.stems.every((s) => picked.some((p) => p.stems.length === 1 && p.stems[0] === s)) &&
      !c.inTitle &&
      c.count < 3
    ) {
      // Both words already stand as terms: the phrase adds nothing.
      continue;
    }
    picked.push(c);
  }
  return picked.map((c) => ({ term: commonest(c.forms), stems: c.stems, score: c.score }));
}

/** Whether a phrase holds another, word for word. */
const contains = (long: string[], short: string[]) =>
  long.length > short.length && long.some((_, i) => short.every((s, j) => long[i + j] === s));

/**
 * A phrase written as a name: every word a name ("Power BI", "Google Analytics"), or a name of one
 * or two letters with the word it qualifies ("A/B testing", "IV therapy").
 */
const namedPhrase = (tokens: Token[]) =>
  tokens.every((t) => t.named) ||
  (tokens.length === 2 && tokens[0]!.named && tokens[0]!.lower.replace(/[^\p{L}]/gu, "").length <= 2);

const commonest = (forms: Map<string, number>) =>
  [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

/** The stems of a text's words, in order. */
export function textStems(text: string): string[] {
  return (
    [...text.matchAll(TOKEN)]
      .flatMap((m) => splitSlashes(m[0].replace(/['’]s$/i, "")))
      // "linkedin.com" and "node.js" are also their parts.
      .flatMap((w) => (w.includes(".") ? [w, ...w.split(".")] : [w]))
      .map((w) => stem(w))
  );
}

/**
 * Which terms a text holds. A word matches by its stem ("analysing" meets "analysis"); a phrase
 * when both its words stand within three words of each other, in either order ("managed
 * stakeholders" meets "stakeholder management"), or written as one word ("PowerBI").
 */
export function matchKeyTerms(terms: KeyTerm[], text: string): { found: string[]; missing: string[] } {
  const stems = textStems(text);
  const at = new Map<string, number[]>();
  stems.forEach((s, i) => at.set(s, [...(at.get(s) ?? []), i]));
  const joined = new Set(stems);
  const found: string[] = [];
  const missing: string[] = [];
  for (const term of terms) {
    let ok: boolean;
    if (term.stems.length === 1) ok = at.has(term.stems[0]!);
    else {
      const [a, b] = term.stems as [string, string];
      const near = (at.get(a) ?? []).some((i) => (at.get(b) ?? []).some((j) => i !== j && Math.abs(i - j) <= 3));
      ok = near || joined.has(stem(term.term.replace(/\s+/g, "")));
    }
    (ok ? found : missing).push(term.term);
  }
  return { found, missing };
}
