export { brandColourField, emailDomainsField, isEmailDomain } from "./schema";
