import { ANSWER_NAMES } from "./answer-names";
import type { Answers, RawAnswers } from "./schema";

export const POINTS_PATH = "/skilled-migration-points-calculator-australia";

/** The query string of a set of answers, leaving out the empty ones so shared links stay short. */
export function answersQuery(raw: RawAnswers | Answers): string {
  const params = new URLSearchParams();
  for (const name of ANSWER_NAMES) {
    const value = raw[name];
    if (value === "" || value === false || value === undefined) continue;
    params.set(name, value === true ? "on" : String(value));
  }
  return params.toString();
}

/** The calculator's address with a set of answers: the link that shows that result again. */
export const pointsHref = (raw: RawAnswers | Answers) => {
  const query = answersQuery(raw);
  return query ? `${POINTS_PATH}?${query}` : POINTS_PATH;
};
