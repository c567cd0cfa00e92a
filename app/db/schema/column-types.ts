import { customType } from "drizzle-orm/pg-core";

/** Bytes kept in the database (logos, CV photos, the PDFs sent with applications), read as a Buffer on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
