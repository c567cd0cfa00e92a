export { type EnquiryDeps, type EnquiryOrigin, recordEnquiry } from "./queries.server";
