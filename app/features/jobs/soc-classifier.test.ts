import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv-reader";
import { sharedDataFile } from "../../../tests/support/shared-data";
import { SOC_UNIT_GROUPS_FILE, readSocUnitGroups } from "./demo.server";
import { HIGH_CONFIDENCE, MIN_CONFIDENCE, type SocClassifier, socClassifier } from "./soc-classifier";
import { loadSocClassifier } from "./soc-classifier.server";

let classifier: SocClassifier;
beforeAll(async () => {
  classifier = await loadSocClassifier(path.resolve(import.meta.dirname, "../../.."));
});

/**
 * Job-ad titles and the SOC 2020 unit group each belongs to, labelled by reading the ONS definitions
 * (Volume 1: description, tasks, example titles), never from the classifier's answers. Many are also in
 * the classifier's own list of job-ad titles, so this set checks that list and the reading of noisy
 * titles more than it measures accuracy; the corpus sample below is the fairer measure.
 */
const LABELLED: [string, string][] = [
  ["Senior Software Engineer", "2134"],
  ["Junior Software Developer - Python", "2134"],
  ["Full Stack Developer (React/Node)", "2134"],
  ["Front End Developer - London", "2134"],
  [".NET Developer", "2134"],
  ["Mobile App Developer (iOS)", "2134"],
  ["IT Support Technician", "3132"],
  ["Service Desk Analyst", "3132"],
  ["Systems Administrator", "3131"],
  ["Network Engineer", "2137"],
  ["Cyber Security Analyst", "2135"],
  ["Test Analyst", "2136"],
  ["Data Engineer", "2133"],
  ["Solutions Architect", "2133"],
  ["IT Project Manager", "2131"],
  ["DevOps Engineer", "2139"],
  ["Database Administrator", "3133"],
  ["UX Designer", "2141"],
  ["Web Designer", "2141"],
  ["Data Analyst", "3544"],
  ["Data Scientist", "2433"],
  ["Management Accountant", "2421"],
  ["Chartered Accountant (ACA/ACCA)", "2421"],
  ["Financial Accountant - 12 month FTC", "2421"],
  ["Accounts Assistant", "4122"],
  ["Purchase Ledger Clerk", "4122"],
  ["Payroll Administrator", "4122"],
  ["Bookkeeper", "4122"],
  ["Credit Controller", "4121"],
  ["Finance Manager", "1131"],
  ["Financial Analyst", "2422"],
  ["Mortgage Adviser", "2422"],
  ["Independent Financial Adviser", "2422"],
  ["Tax Manager", "2423"],
  ["Finance Director", "1131"],
  ["Insurance Underwriter", "3532"],
  ["Claims Handler", "4132"],
  ["Insurance Broker", "3531"],
  ["Actuarial Analyst", "2433"],
  ["Solicitor - Family Law", "2412"],
  ["Commercial Property Solicitor", "2412"],
  ["Paralegal", "2419"],
  ["Legal Secretary", "4212"],
  ["Conveyancer", "2419"],
  ["Barrister", "2411"],
  ["Legal Assistant", "3520"],
  ["Registered Nurse", "2237"],
  ["Staff Nurse - Medical Ward", "2237"],
  ["RMN Mental Health Nurse", "2235"],
  ["Paediatric Nurse", "2236"],
  ["Midwife", "2231"],
  ["Practice Nurse", "2232"],
  ["Healthcare Assistant", "6131"],
  ["Care Assistant - Nights", "6135"],
  ["Support Worker", "6135"],
  ["Senior Care Assistant", "6136"],
  ["Registered Manager - Care Home", "1232"],
  ["Physiotherapist", "2221"],
  ["Occupational Therapist", "2222"],
  ["Pharmacist", "2251"],
  ["Dental Nurse", "6133"],
  ["Social Worker", "2461"],
  ["Paramedic", "2255"],
  ["Salaried GP", "2211"],
  ["Maths Teacher", "2313"],
  ["Teacher of English", "2313"],
  ["Primary School Teacher", "2314"],
  ["Teaching Assistant", "6112"],
  ["Nursery Nurse", "6111"],
  ["SENCO", "2316"],
  ["University Lecturer in Economics", "2311"],
  ["Head Teacher", "2321"],
  ["Civil Engineer", "2121"],
  ["Structural Engineer", "2121"],
  ["Quantity Surveyor", "2453"],
  ["Building Surveyor", "2454"],
  ["Site Manager", "1122"],
  ["Electrician", "5241"],
  ["Plumber", "5315"],
  ["Gas Engineer", "5315"],
  ["Vehicle Technician", "5231"],
  ["HGV Mechanic", "5231"],
  ["Maintenance Engineer - Days", "5223"],
  ["CNC Machinist", "5221"],
  ["Welder", "5213"],
  ["Carpenter", "5316"],
  ["Architect", "2451"],
  ["CAD Technician", "3120"],
  ["Process Engineer", "2125"],
  ["Electrical Design Engineer", "2123"],
  ["Project Engineer", "2127"],
  ["Marketing Executive", "3554"],
  ["Digital Marketing Manager", "2432"],
  ["Marketing Manager", "2432"],
  ["Marketing Assistant", "3554"],
  ["Social Media Manager", "2493"],
  ["PR Account Manager", "2493"],
  ["Graphic Designer", "2142"],
  ["Copywriter", "3412"],
  ["Sales Executive", "3552"],
  ["Business Development Manager", "3556"],
  ["Key Account Manager", "3556"],
  ["Account Manager", "3556"],
  ["Telesales Executive", "7113"],
  ["Car Sales Executive", "7115"],
  ["Sales Director", "1132"],
  ["Recruitment Consultant", "3571"],
  ["Trainee Recruitment Consultant", "3571"],
  ["HR Advisor", "3571"],
  ["HR Manager", "1136"],
  ["HR Administrator", "4136"],
  ["Project Manager", "2440"],
  ["Business Analyst", "2431"],
  ["Management Consultant", "2431"],
  ["Buyer", "3551"],
  ["Procurement Manager", "1134"],
  ["Estate Agent", "3555"],
  ["Lettings Negotiator", "3555"],
  ["Property Manager", "1251"],
  ["Events Manager", "3557"],
  ["Fundraiser", "3554"],
  ["Head Chef", "5434"],
  ["Chef de Partie", "5434"],
  ["Sous Chef", "5434"],
  ["Kitchen Porter", "9263"],
  ["Waiter/Waitress", "9264"],
  ["Bartender", "9265"],
  ["Barista", "9266"],
  ["Restaurant Manager", "1222"],
  ["Hotel Manager", "1221"],
  ["Receptionist", "4216"],
  ["Sales Assistant - Part Time", "7111"],
  ["Store Manager", "1150"],
  ["Retail Assistant", "7111"],
  ["HGV Class 1 Driver", "8211"],
  ["Delivery Driver", "8214"],
  ["Warehouse Operative", "9252"],
  ["Forklift Driver", "8222"],
  ["Warehouse Manager", "1242"],
  ["Logistics Coordinator", "4134"],
  ["Supply Chain Manager", "1243"],
  ["Stock Controller", "4133"],
  ["Administrator", "4159"],
  ["Office Manager", "4141"],
  ["Personal Assistant to CEO", "4215"],
  ["Executive Assistant", "4215"],
  ["Customer Service Advisor", "7219"],
  ["Data Entry Clerk", "4152"],
  ["Medical Secretary", "4211"],
  ["Sales Administrator", "4151"],
  ["Customer Service Manager", "4143"],
  ["Call Centre Agent", "7211"],
  ["Security Officer", "9231"],
  ["Cleaner", "9223"],
  ["Hairdresser", "6221"],
  ["Travel Consultant", "6212"],
  ["Journalist", "2492"],
  ["Translator", "3412"],
  ["Health and Safety Advisor", "3582"],
  ["Laboratory Technician", "3111"],
  ["Analytical Chemist", "2111"],
  ["Veterinary Surgeon", "2240"],
  ["Dentist", "2253"],
  ["Police Officer", "3312"],
  ["Firefighter", "3313"],
  // Titles ONS's examples and unit group names cover (none of them in our own list):
  ["Graduate Civil Engineer - Highways", "2121"],
  ["Staff Nurse (Band 5) - Nights", "2237"],
  ["Part Time Bar Staff", "9265"],
  ["Experienced Bricklayer", "5313"],
  ["Qualified Plumber - Immediate Start", "5315"],
  ["Employment Solicitor (NQ-3 PQE)", "2412"],
  ["Trainee Dental Nurse", "6133"],
  ["Locum Pharmacist", "2251"],
  ["Secondary School Teacher of Geography", "2313"],
  ["Self Employed Multi Drop Van Driver", "8214"],
  ["Roofer", "5314"],
  ["Scaffolder", "8151"],
  ["Plasterer", "5321"],
  ["Painter and Decorator", "5323"],
  ["Forklift Truck Driver - Days", "8222"],
  ["Crane Operator", "8221"],
  ["Lorry Driver", "8211"],
  ["Taxi Driver", "8213"],
  ["Train Driver", "8231"],
  ["First Officer - Airbus A320", "3511"],
  ["Librarian", "2471"],
  ["Archivist", "2472"],
  ["Museum Curator", "2472"],
  ["Statistician", "2433"],
  ["Economist", "2433"],
  ["Dietitian", "2259"],
  ["Optometrist", "2252"],
  ["Radiographer", "2254"],
  ["Speech and Language Therapist", "2223"],
  ["Clinical Psychologist", "2225"],
  ["Youth Worker", "3221"],
  ["Housing Officer", "3223"],
  ["Probation Officer", "2462"],
  ["Prison Officer", "3314"],
  ["Chemical Engineer", "2125"],
  ["Electronics Technician", "3112"],
  ["Aircraft Mechanic", "5234"],
  ["Interior Designer", "3421"],
  ["Fashion Designer", "3422"],
  ["Photographer", "3417"],
  ["Personal Trainer", "3433"],
  ["Tour Guide", "6219"],
  ["Cabin Crew", "6213"],
  ["Nanny", "6116"],
  ["Florist", "5443"],
  ["Butcher", "5431"],
  ["Baker", "5432"],
  ["Gardener", "5113"],
  ["Window Cleaner", "9221"],
  ["Postman", "9211"],
  ["Hotel Receptionist", "4216"],
];

/** Share of `items` for which `test` holds. */
const share = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length / items.length;

describe("socClassifier on hand-labelled titles", () => {
  it("puts at least 95% of them in the right unit group, and almost never a confident wrong one", () => {
    const answers = LABELLED.map(([title, code]) => ({ title, code, found: classifier.classify(title) }));
    const wrong = answers.filter((a) => a.found && a.found.code !== a.code);
    const high = answers.filter((a) => a.found && a.found.confidence >= HIGH_CONFIDENCE);
    const accuracy = share(answers, (a) => a.found?.code === a.code);
    console.info(
      `hand-labelled titles: ${answers.length}, right ${(accuracy * 100).toFixed(1)}%, wrong ${wrong.length}, high confidence ${high.length}`,
      wrong,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
    expect(share(high, (a) => a.found!.code !== a.code)).toBeLessThanOrEqual(0.02);
  });
});

// The test corpus (a public set of Reed listings) is test input only: it is read here, never shipped,
// and its titles are not copied into this file; rows are named by their place in it.
const CORPUS = sharedDataFile("job-ads-test-corpus/reed-subset.csv");

async function corpusTitles(): Promise<string[]> {
  const titles: string[] = [];
  let column = -1;
  for await (const { fields } of readCsv(fs.createReadStream(CORPUS, { encoding: "utf8" }))) {
    if (column < 0) column = fields.indexOf("job_title");
    else titles.push(fields[column] ?? "");
  }
  return titles;
}

/**
 * A blind sample of the corpus (rows 0, 373, 746, … and 186, 559, …), each row's title read and
 * labelled from the SOC 2020 definitions before the classifier was run on it; rows whose title could
 * be several groups ("Operations Manager", "Analyst", "Partner Designate") are left unlabelled.
 */
const CORPUS_LABELS: Record<number, string> = {
  0: "5434",
  1119: "5434",
  1492: "2419",
  1865: "5434",
  2238: "7219",
  2611: "5231",
  3357: "1132",
  4103: "2422",
  5968: "2237",
  6341: "3571",
  6714: "3571",
  7460: "1251",
  7833: "5223",
  8206: "1122",
  8579: "4141",
  8952: "3554",
  9325: "4122",
  9698: "3571",
  10071: "2134",
  10444: "3556",
  10817: "3552",
  11190: "2313",
  11563: "1136",
  12309: "3551",
  12682: "6212",
  13055: "3553",
  14547: "2433",
  14920: "3555",
  16785: "4136",
  17158: "1251",
  17531: "5222",
  18277: "3571",
  18650: "7219",
  19023: "1150",
  20142: "3534",
  20515: "2237",
  20888: "6135",
  21261: "2453",
  22007: "2421",
  23872: "4151",
  24245: "8114",
  24618: "4122",
  24991: "4122",
  25364: "7111",
  26110: "2134",
  26856: "4159",
  27975: "2440",
  29840: "2134",
  186: "5231",
  559: "1251",
  932: "3541",
  1305: "1150",
  1678: "5434",
  2051: "5434",
  2797: "2412",
  3170: "3412",
  3543: "3554",
  4662: "2422",
  6154: "3571",
  6900: "3571",
  7273: "3556",
  8019: "3541",
  8392: "2455",
  9138: "2421",
  9511: "4122",
  10257: "3571",
  10630: "3132",
  12122: "2432",
  12868: "6212",
  14733: "3556",
  16225: "3571",
  17717: "2412",
  18090: "2432",
  18836: "4212",
  19209: "5231",
  19582: "7115",
  19955: "2422",
  20328: "2422",
  21447: "3534",
  21820: "2453",
  22566: "3571",
  23685: "4159",
  24431: "4122",
  24804: "4122",
  25550: "3556",
  25923: "2134",
  26296: "2134",
  26669: "6111",
  27042: "6121",
  28161: "3551",
};

describe("socClassifier on the 29,862 titles of the test corpus", () => {
  let titles: string[];
  beforeAll(async () => {
    titles = await corpusTitles();
  });

  it("is right on the blind sample, and wrong on it at most rarely, never confidently", () => {
    const answers = Object.entries(CORPUS_LABELS).map(([row, code]) => ({
      code,
      found: classifier.classify(titles[Number(row)]!),
    }));
    const right = share(answers, (a) => a.found?.code === a.code);
    const wrong = share(answers, (a) => !!a.found && a.found.code !== a.code);
    const high = answers.filter((a) => a.found && a.found.confidence >= HIGH_CONFIDENCE);
    console.info(
      `corpus sample: ${answers.length} labelled, right ${(right * 100).toFixed(1)}%, wrong ${(wrong * 100).toFixed(1)}%, none ${((1 - right - wrong) * 100).toFixed(1)}%; high confidence ${high.length}`,
    );
    expect(right).toBeGreaterThanOrEqual(0.85);
    expect(wrong).toBeLessThanOrEqual(0.03);
    expect(share(high, (a) => a.found!.code !== a.code)).toBeLessThanOrEqual(0.02);
  });

  // How fast it classifies is a benchmark's question, not a test's: on a busy machine a timed test fails for nothing.
  it("classifies two titles in three, half with high confidence", () => {
    const found = titles.map((t) => classifier.classify(t));
    const classified = share(found, (f) => f !== null);
    const high = share(found, (f) => f !== null && f.confidence >= HIGH_CONFIDENCE);
    console.info(
      `corpus: ${titles.length} titles, ${(classified * 100).toFixed(1)}% classified, ${(high * 100).toFixed(1)}% with high confidence`,
    );
    expect(titles).toHaveLength(29_862);
    expect(classified).toBeGreaterThan(0.6);
    expect(high).toBeGreaterThan(0.45);
    // Below 1, so that a page can tell a classified occupation from a source's.
    expect(found.filter((f) => f && !(f.confidence >= MIN_CONFIDENCE && f.confidence < 1))).toEqual([]);
  });
});

describe("socClassifier, case by case", () => {
  it("answers null for no title, a title of no job and nonsense", () => {
    for (const title of [
      "",
      "   ",
      "!!!",
      "Senior",
      "Graduate Scheme 2026",
      "asdf qwerty zxcv",
      "Lorem ipsum dolor sit amet",
    ])
      expect(classifier.classify(title)).toBeNull();
  });

  it("answers null for a title that names no one occupation, alone or with words it does not know", () => {
    for (const title of [
      "Manager",
      "Operations Manager",
      "Consultant",
      "Assistant Manager",
      "Engineer",
      "Reward Consultant",
      "Product Manager",
    ])
      expect(classifier.classify(title)).toBeNull();
  });

  it("reads seniority, hours, places and salaries past the job", () => {
    // 2134 Programmers and software development professionals (2136 is IT quality and testing).
    expect(classifier.classify("Senior Software Engineer")).toMatchObject({ code: "2134" });
    expect(classifier.classify("Sous Chef-Monday to Friday- £30,000")).toMatchObject({ code: "5434" });
    expect(classifier.classify("Head of Finance")).toMatchObject({ code: "1131" });
    expect(classifier.classify("Teacher of Maths")).toMatchObject({ code: "2313" });
  });

  it("puts a registered nurse in 2237 (2231 is midwives), and a mental health nurse in 2235", () => {
    expect(classifier.classify("Registered Nurse")).toMatchObject({ code: "2237" });
    expect(classifier.classify("Registered Nurse Mental Health")).toMatchObject({ code: "2235" });
  });

  it("is confident in a title that is one of ONS's example titles, but never as sure as a source's code", () => {
    for (const [title, code] of [
      ["Software engineer", "2134"],
      ["Quantity surveyor", "2453"],
      ["Midwife", "2231"],
      ["Receptionist", "4216"],
      ["Bookkeeper", "4122"],
    ]) {
      const found = classifier.classify(title!);
      expect(found).toMatchObject({ code });
      expect(found!.confidence).toBeGreaterThanOrEqual(0.9);
      expect(found!.confidence).toBeLessThan(1);
    }
  });

  it("tells a rank that is its own group (6136 Senior care workers) from one that is not", () => {
    expect(classifier.classify("Senior Carer")).toMatchObject({ code: "6136" });
    expect(classifier.classify("Carer")).toMatchObject({ code: "6135" });
    expect(classifier.classify("Head Teacher")).toMatchObject({ code: "2321" });
  });

  it("takes the description only to break a tie, and then without high confidence", () => {
    // "Mechanical engineer" is both a profession (2122) and a trade (5223) in SOC 2020.
    expect(classifier.classify("Mechanical Engineer")).toBeNull();
    const design = classifier.classify(
      "Mechanical Engineer",
      "You will design mechanical systems and components, carry out stress analysis and research new engineering methods.",
    );
    const fitting = classifier.classify(
      "Mechanical Engineer",
      "You will fit, maintain and repair machinery on the production line, set machine tools and carry out planned maintenance.",
    );
    expect(design).toMatchObject({ code: "2122" });
    expect(fitting).toMatchObject({ code: "5223" });
    expect(design!.confidence).toBeLessThan(HIGH_CONFIDENCE);
    expect(classifier.classify("Software Developer", "Caring for patients on the ward.")).toMatchObject({
      code: "2134",
    });
  });

  it("answers a title it has seen before as it did the first time, whatever description came between", async () => {
    // Each title's ranking is kept: a second answer comes from what was kept, a fresh classifier's from scratch.
    const file = path.resolve(import.meta.dirname, "../../..", SOC_UNIT_GROUPS_FILE);
    const fresh = socClassifier((await readSocUnitGroups(file)).map((g) => ({ ...g, relatedTitles: [] })));
    const titles = LABELLED.map(([title]) => title);
    const first = titles.map((t) => fresh.classify(t, "You will fit, maintain and repair machinery."));
    expect(first.filter(Boolean).length).toBeGreaterThan(titles.length / 2);
    for (const t of titles) fresh.classify(t, "You will design systems and research new methods.");
    expect(titles.map((t) => fresh.classify(t, "You will fit, maintain and repair machinery."))).toEqual(first);
  });
});
