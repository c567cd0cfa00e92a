export { Outbox, type OutgoingEmail } from "./outbox.server";
export {
  OUTBOX_SORTS,
  abandonEmail,
  emailForStaff,
  oldestQueuedEmail,
  outboxFigures,
  outboxPage,
} from "./outbox.server";
