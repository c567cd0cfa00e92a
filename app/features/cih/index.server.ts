export { videoPaths } from "./api.server";
export { searchVideos, unfinishedVideos } from "./queries.server";
