import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, type FaqCategory } from "./help-values";

/** A question of the FAQ as the page shows it. */
export type FaqItem = {
  /** The file's slug: the question's anchor on the page. */
  slug: string;
  question: string;
  category: FaqCategory;
  /** The answer, rendered and sanitised. */
  answerHtml: string;
  /** The answer's words, for searching. */
  answerText: string;
  /** When the answer was last checked (YYYY-MM-DD). */
  reviewed: string;
};

export const FAQ_DESCRIPTION =
  "Answers to common questions from international students, universities and employers about the platform, visas and working after your studies.";

/** The longest search the page takes; more is cut off rather than refused. */
export const FAQ_QUERY_MAX = 100;

// Words a question is phrased with rather than about: "how do I get a visa" searches for "visa".
const STOP_WORDS = new Set(
  "a an and are as at be by can could do does for from have how i if in is it me my of on or our should the there this to was we what when where which who why will with would you your".split(
    " ",
  ),
);

/** Lower case without accents, so "Résumé" is found by "resume". */
const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

// "visas" finds "visa" as well as "visas": the plain plural s is dropped ("class" keeps its own).
const singular = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

/** The words a search looks for: its words less the stop words (all of them when it has nothing else). */
export function searchWords(q: string): string[] {
  const words = wordsOf(q.slice(0, FAQ_QUERY_MAX));
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return [...new Set((meaningful.length ? meaningful : words).map(singular))];
}

/**
 * The questions whose question or answer holds every word searched for, each as the start of one of
 * its words ("visa" finds "visas", not "advisable"), in their order. An empty search finds them all.
 */
export function searchFaq<T extends Pick<FaqItem, "question" | "answerText">>(items: readonly T[], q: string): T[] {
  const words = searchWords(q);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const own = wordsOf(`${item.question} ${item.answerText}`);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  });
}

/** The questions under their categories, in the categories' order; a category without any is left out. */
export function byCategory<T extends Pick<FaqItem, "category">>(
  items: readonly T[],
): { category: FaqCategory; label: string; items: T[] }[] {
  return FAQ_CATEGORIES.flatMap((category) => {
    const own = items.filter((i) => i.category === category);
    return own.length ? [{ category, label: FAQ_CATEGORY_LABELS[category], items: own }] : [];
  });
}

/**
 * schema.org FAQPage of the questions shown. An Answer's text may hold links and lists; the site's
 * own links are made absolute, as a search engine reads them out of context.
 */
export function faqPageLd(items: readonly Pick<FaqItem, "question" | "answerHtml">[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((i) => ({
      "@type": "Question",
      name: i.question,
      acceptedAnswer: { "@type": "Answer", text: i.answerHtml.replace(/href="\/(?!\/)/g, `href="${origin}/`) },
    })),
  };
}
