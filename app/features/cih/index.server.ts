export { videoPaths } from "./api.server";
export { searchVideos, unfinishedVideos } from "./queries.server";
export { premiumRequestsOf, sitemapVideos } from "./queries.server";
