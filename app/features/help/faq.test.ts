import { describe, expect, it } from "vitest";
import { type FaqItem, byCategory, faqPageLd, searchFaq, searchWords } from "./faq";

const item = (
  slug: string,
  question: string,
  answerText: string,
  category: FaqItem["category"] = "students",
): FaqItem => ({
  slug,
  question,
  category,
  answerText,
  answerHtml: `<p>${answerText}</p>`,
  reviewed: "2026-11-25",
});

const ITEMS = [
  item(
    "graduate",
    "Can I stay in the UK after I graduate?",
    "Usually, on the Graduate visa. It lasts 2 years.",
    "visas",
  ),
  item("hours", "How many hours can I work?", "Up to 20 hours a week in term time on a Student visa.", "visas"),
  item("delete", "How do I delete my account?", "Choose Delete your account on your profile page.", "account"),
  item("cv", "Which CV templates are there?", "A UK CV, a US résumé and Europass."),
  item("advice", "Can you advise me?", "We are not advisers; see an advisable regulated adviser.", "visas"),
];
const slugs = (q: string) => searchFaq(ITEMS, q).map((i) => i.slug);

describe("searchFaq", () => {
  it("finds every question when nothing is searched for", () => {
    expect(slugs("")).toEqual(ITEMS.map((i) => i.slug));
    expect(slugs("   ")).toEqual(ITEMS.map((i) => i.slug));
    expect(slugs("?!")).toEqual(ITEMS.map((i) => i.slug));
  });

  it("looks in the question and in the answer, every word, in any case", () => {
    expect(slugs("graduate")).toEqual(["graduate"]);
    expect(slugs("TERM time")).toEqual(["hours"]);
    expect(slugs("student visa")).toEqual(["hours"]);
    expect(slugs("visa")).toEqual(["graduate", "hours"]);
    expect(slugs("graduate hours")).toEqual([]);
  });

  it("matches the start of a word, so a plural is found and a word inside another is not", () => {
    expect(slugs("templ")).toEqual(["cv"]);
    expect(slugs("vis")).toEqual(["graduate", "hours"]);
    expect(slugs("advis")).toEqual(["advice"]);
  });

  it("finds the singular of a plural searched for", () => {
    expect(slugs("visas")).toEqual(["graduate", "hours"]);
    expect(slugs("hours")).toEqual(["hours"]);
    expect(searchWords("visas class")).toEqual(["visa", "class"]);
  });

  it("ignores accents and the words a question is phrased with", () => {
    expect(slugs("resume")).toEqual(["cv"]);
    expect(slugs("how do I delete my account")).toEqual(["delete"]);
    expect(searchWords("How can I work?")).toEqual(["work"]);
    // A search of nothing but such words still searches for them.
    expect(searchWords("how")).toEqual(["how"]);
    expect(slugs("how")).toEqual(["hours", "delete"]);
    expect(searchWords("Visa visa VISA")).toEqual(["visa"]);
  });

  it("reads at most 100 characters of a search", () => {
    expect(searchWords(`${"a".repeat(99)} visa`)).toEqual(["a".repeat(99)]);
  });
});

describe("byCategory", () => {
  it("groups the questions in the categories' order, keeping theirs, and leaves empty categories out", () => {
    const groups = byCategory(ITEMS);
    expect(groups.map((g) => [g.category, g.label, g.items.map((i) => i.slug)])).toEqual([
      ["students", "For students", ["cv"]],
      ["visas", "Visas and working after your studies", ["graduate", "hours", "advice"]],
      ["account", "Your account and your data", ["delete"]],
    ]);
  });
});

describe("faqPageLd", () => {
  it("is an FAQPage of the questions shown, with the site's links made absolute", () => {
    const ld = faqPageLd(
      [
        {
          question: "Where?",
          answerHtml: '<p>See <a href="/jobs">jobs</a> and <a href="https://www.gov.uk/graduate-visa">GOV.UK</a>.</p>',
        },
      ],
      "https://careers.example",
    );
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Where?",
          acceptedAnswer: {
            "@type": "Answer",
            text: '<p>See <a href="https://careers.example/jobs">jobs</a> and <a href="https://www.gov.uk/graduate-visa">GOV.UK</a>.</p>',
          },
        },
      ],
    });
  });
});
