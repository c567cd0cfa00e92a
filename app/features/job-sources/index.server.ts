export { runJobSourcesCommand } from "./cli.server";
export { JOB_SOURCE_SORTS, sourceWithRuns, sourcesPage } from "./console.server";
export { jobSourceRunsContext } from "./service.server";
export { addSource, removeSource, setSourceEnabled } from "./sources.server";
