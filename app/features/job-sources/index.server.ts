export { runJobSourcesCommand } from "./cli.server";
