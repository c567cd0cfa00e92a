import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * A column of the query around a correlated subquery that is written in a select's field, named with
 * its table. Drizzle writes a field's own columns without their table when the select reads one
 * table, so `${careerFairs.id}` in `(select count(*) from career_fair_registrations r where r.fair_id
 * = ${careerFairs.id})` becomes `r.fair_id = "id"`: the subquery's own id. Wrapped, it is written whole.
 */
export const outer = (column: Column): SQL => sql`${column}`;
