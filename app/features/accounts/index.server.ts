export { loadProfile } from "./profile.server";
