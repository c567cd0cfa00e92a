export { type GuideLink, pagesOf, publicPart } from "./queries.server";
