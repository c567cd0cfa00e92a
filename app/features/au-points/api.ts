import { calculatePoints } from "./calculate";
import { improvementHints } from "./hints";
import { ruleSetFor } from "./rules";
import { ANSWER_NAMES, parseAnswers } from "./schema";

export type ApiAnswer = { status: number; body: Record<string, unknown> };

const invalid = (errors: { field: string | null; reason: string }[]): ApiAnswer => ({
  status: 400,
  body: { status: false, message: "Some answers are not valid", errors },
});

/**
 * POST /api/au-points: the answers as a JSON object in, the calculator's result and the
 * improvement hints out. A name it does not know is an error too, so a typo never scores 0.
 */
export function pointsApiAnswer(body: unknown, today: string): ApiAnswer {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return invalid([{ field: null, reason: "Send the answers as one JSON object" }]);
  }
  const unknown = Object.keys(body).filter((k) => !(ANSWER_NAMES as readonly string[]).includes(k));
  const parsed = parseAnswers(body as Record<string, unknown>, today);
  const errors = [
    ...unknown.map((field) => ({ field, reason: `Unknown answer; the answers are ${ANSWER_NAMES.join(", ")}` })),
    ...(parsed.success ? [] : Object.entries(parsed.fieldErrors).map(([field, reason]) => ({ field, reason }))),
  ];
  if (!parsed.success || errors.length) return invalid(errors);
  const rules = ruleSetFor(parsed.data.invitationDate)!;
  return {
    status: 200,
    body: {
      status: true,
      answers: parsed.data,
      result: calculatePoints(parsed.data, rules),
      hints: improvementHints(parsed.data, rules),
    },
  };
}
