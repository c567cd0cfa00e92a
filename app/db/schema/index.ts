export * from "./blog";
export * from "./countries";
export * from "./enquiries";
export * from "./rate-limits";
export * from "./sessions";
export * from "./universities";
export * from "./users";
export * from "./sponsors";
