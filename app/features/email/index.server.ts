export { Outbox, type OutgoingEmail } from "./outbox.server";
