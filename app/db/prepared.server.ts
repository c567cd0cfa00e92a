import type { Db } from "./client.server";

/**
 * A query Drizzle builds once for each database, then runs with its placeholders (`sql.placeholder`)
 * filled in: Drizzle takes about 0.1 ms to build a query's SQL, often longer than PostgreSQL takes
 * to run it, and a page that reads a dozen things (the student dashboard) paid that on every view.
 * `build` ends in `.prepare(name)`; on a PostgreSQL server the name is a prepared statement's, so
 * each query has a name of its own. A transaction gets a query built for it (it is a database of its
 * own to Drizzle), so a prepared query is never run outside the transaction that asked for it.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
