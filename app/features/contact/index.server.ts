export { ENQUIRY_KINDS, type EnquiryDeps, type EnquiryKind, type EnquiryOrigin, recordEnquiry } from "./queries.server";
