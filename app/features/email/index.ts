export { composeEmail, type EmailBrand, greetingFor, PLATFORM_BRAND } from "./compose";
export { outboxContext } from "./context";
