/**
 * An error as it may be written to the log. A failed query's error carries the statement and its
 * parameters, which hold what people typed (search words, form fields, e-mail addresses): the log
 * gets the statement's first line and the database's reason, never the parameters.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const query = (error as { query?: unknown }).query;
  if (typeof query === "string") {
    const cause = error.cause instanceof Error ? error.cause.message : "unknown reason";
    return `query failed (${cause}): ${query.split("\n")[0]!.slice(0, 200)}`;
  }
  return error.stack ?? `${error.name}: ${error.message}`;
}
