import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** Ids follow the classic numbering the spec fixes: 14 AU, 39 CA, 104 IE, 226 GB. */
export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  iso2: text("iso2").notNull().unique(),
  name: text("name").notNull(),
});
