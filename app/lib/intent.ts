/**
 * Pages with several buttons name what each does in an `intent` field; this runs the matching
 * handler, or `otherwise` for a missing or unknown intent (a stale page, a hand-made post).
 */
export function dispatchIntent<T>(form: FormData, handlers: Record<string, () => T>, otherwise: () => T): T {
  const intent = form.get("intent");
  return typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent]!() : otherwise();
}
