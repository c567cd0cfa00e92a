import { describe, expect, it } from "vitest";
import { DATA_ANALYST, MARKETING, NURSE } from "./job-adverts.test-fixture";
import { type KeyTerm, extractKeyTerms, matchKeyTerms } from "./keywords";
import { stem } from "./stem";

const terms = (job: { title: string; description: string }) => extractKeyTerms(job).map((t) => t.term);

/** Nothing a student cannot act on: no boilerplate, praise, place, money or number. */
const NEVER = [
  "apply",
  "application",
  "role",
  "candidate",
  "we",
  "you",
  "experience",
  "skills",
  "knowledge",
  "salary",
  "annum",
  "pension",
  "holiday",
  "benefits",
  "hybrid",
  "team",
  "opportunity",
  "excellent",
  "strong",
  "great",
  "ability",
  "responsibilities",
  "uk",
  "junior",
  "cv",
];

describe("the stemmer", () => {
  it("brings a word's forms together, in British and American spelling", () => {
    const same = [
      ["analyse", "analysis", "analysing", "analysed", "analyses", "analyze", "analyzing"],
      ["manage", "management", "managing", "managed", "manager", "managers"],
      ["communicate", "communication", "communicating", "communications"],
      ["organise", "organisation", "organising", "organized", "organization"],
      ["visualise", "visualisation", "visualization", "visualising"],
      ["nurse", "nurses", "nursing"],
      ["plan", "plans", "planning", "planned"],
      ["model", "models", "modelling", "modeling"],
      ["market", "marketing", "markets"],
      ["statistics", "statistical", "statistic"],
      ["develop", "development", "developer", "developing"],
      ["policy", "policies"],
      ["volunteer", "volunteering", "volunteers"],
    ];
    for (const forms of same) expect(new Set(forms.map(stem)), forms.join(", ")).toHaveProperty("size", 1);
  });

  it("keeps different words apart", () => {
    for (const [a, b] of [
      ["care", "career"],
      ["excel", "excellent"],
      ["ski", "skill"],
      ["business", "busy"],
      ["data", "date"],
      ["sales", "salary"],
    ]) {
      expect(stem(a!), `${a} / ${b}`).not.toBe(stem(b!));
    }
    expect(stem("skills")).toBe(stem("skill"));
    expect(stem("status")).toBe("status");
    expect(stem("SQL")).toBe("sql");
    expect(stem("Node.js")).toBe(stem("nodejs"));
  });
});

describe("the job's key terms", () => {
  it("finds a data analyst advert's tools and subject, and none of its boilerplate", () => {
    const found = terms(DATA_ANALYST);
    expect(found.length).toBeLessThanOrEqual(15);
    expect(found).toEqual(
      expect.arrayContaining([
        "data analyst",
        "sql",
        "power bi",
        "python",
        "tableau",
        "statistics",
        "snowflake",
        "a/b testing",
      ]),
    );
    // The title's phrase ranks near the top; the advert's most frequent subject word first.
    expect(found.slice(0, 3)).toContain("data analyst");
    // "Power BI" is one term, not "power" and "bi"; nor is "Leeds" (a place) or "Brightwell" (the employer, in "About us").
    for (const never of [
      ...NEVER,
      "power",
      "bi",
      "leeds",
      "brightwell",
      "energy",
      "£28,000",
      "25",
      "2026",
      "training",
      "clear",
    ])
      expect(found).not.toContain(never);
    expect(found.filter((t) => /\d/.test(t))).toEqual([]);
  });

  it("finds a nurse advert's clinical terms, not its pay band, hours or hospital", () => {
    const found = terms(NURSE);
    expect(found.length).toBeLessThanOrEqual(15);
    expect(found).toEqual(
      expect.arrayContaining([
        "registered nurse",
        "patient",
        "care",
        "nmc",
        "medication",
        "venepuncture",
        "iv therapy",
      ]),
    );
    for (const never of [
      ...NEVER,
      "band",
      "hours",
      "weekends",
      "nights",
      "manchester",
      "hospital",
      "mary",
      "trust",
      "nhs jobs",
      "agenda",
      "change",
      "duties",
      "compassionate",
      "wellbeing",
      "discounts",
    ]) {
      expect(found).not.toContain(never);
    }
  });

  it("finds a marketing assistant advert's channels and tools, not the brand's town or perks", () => {
    const found = terms(MARKETING);
    expect(found.length).toBeLessThanOrEqual(15);
    expect(found).toEqual(
      expect.arrayContaining([
        "marketing assistant",
        "social media",
        "canva",
        "seo",
        "mailchimp",
        "google analytics",
        "campaigns",
        "content",
        "adobe creative cloud",
      ]),
    );
    // Perks ("What's in it for you") and the employer's description are left out, and so is praise.
    for (const never of [
      ...NEVER,
      "bristol",
      "europe",
      "co",
      "lumen",
      "birthday",
      "discount",
      "products",
      "studio",
      "organised",
      "creative",
      "adobe",
      "cloud",
      "analytics",
    ]) {
      expect(found).not.toContain(never);
    }
  });

  it("prefers the title's words, ignores numbers and money, and stops at the limit", () => {
    const job = {
      title: "Warehouse Operative (Ref 4471)",
      description:
        "Salary: £12.60 per hour. You will pick and pack orders using handheld scanners, load vans and keep the warehouse safe. Forklift licence (counterbalance) desirable. 40 hours a week, 6am to 2pm. Pick orders accurately; pack orders with care; scanners provided.",
    };
    const found = terms(job);
    expect(found.slice(0, 3)).toEqual(expect.arrayContaining(["warehouse operative"]));
    expect(found).toEqual(expect.arrayContaining(["pack orders", "scanners"]));
    expect(found.filter((t) => /\d|ref|£/.test(t))).toEqual([]);
    expect(extractKeyTerms(DATA_ANALYST, 5)).toHaveLength(5);
    expect(extractKeyTerms({ title: "", description: "" })).toEqual([]);
    // An advert that is all boilerplate has no key terms.
    expect(
      terms({
        title: "",
        description:
          "We are looking for an excellent candidate with strong skills and experience to join our great team. Apply now!",
      }),
    ).toEqual([]);
  });
});

describe("matching the key terms to a CV", () => {
  const term = (t: string): KeyTerm => ({ term: t, stems: t.split(" ").map(stem), score: 1 });

  it("matches a word by its stem and a phrase by its words close together, in either order", () => {
    const cv =
      "Analysing sales data, I managed stakeholders across three regions and built PowerBI reports. Career changer.";
    expect(
      matchKeyTerms(
        [
          term("data analysis"),
          term("stakeholder management"),
          term("power bi"),
          term("sales"),
          term("care"),
          term("sql"),
        ],
        cv,
      ),
    ).toEqual({
      found: ["data analysis", "stakeholder management", "power bi", "sales"],
      missing: ["care", "sql"],
    });
    // Words far apart are not the phrase.
    expect(
      matchKeyTerms([term("patient care")], "Patient and thorough. Many other words in between here. Care homes.")
        .missing,
    ).toEqual(["patient care"]);
    expect(matchKeyTerms([term("linkedin")], "linkedin.com/in/someone").found).toEqual(["linkedin"]);
  });

  it("keeps the extractor's order in both lists", () => {
    const found = extractKeyTerms(DATA_ANALYST);
    const result = matchKeyTerms(found, "SQL and Python; dashboards in Tableau; statistics.");
    expect([...result.found, ...result.missing].sort()).toEqual(found.map((t) => t.term).sort());
    expect(result.found).toEqual(found.map((t) => t.term).filter((t) => result.found.includes(t)));
    expect(result.found).toEqual(expect.arrayContaining(["sql", "python", "tableau", "statistics"]));
  });
});
