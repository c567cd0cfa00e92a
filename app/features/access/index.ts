export { type AccessState, computeAccessState, vouchedFor } from "./access-state";
export { accessContext } from "./context";
export { decide, forRole, type GuardKind } from "./guard";
export { micrositesContext } from "./context";
export { PRE_AUTH_PATH } from "./guard";
