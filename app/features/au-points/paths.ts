import { type Answers, type RawAnswers, answersQuery } from "./schema";

export const POINTS_PATH = "/skilled-migration-points-calculator-australia";

/** The calculator's address with a set of answers: the link that shows that result again. */
export const pointsHref = (raw: RawAnswers | Answers) => {
  const query = answersQuery(raw);
  return query ? `${POINTS_PATH}?${query}` : POINTS_PATH;
};
