export type { Outbox, OutgoingEmail } from "./outbox.server";
