export { SESSION_COOKIE, type SessionStore, vouchingColumns } from "./session.server";
