export { htmlToText, readingMinutes, renderMarkdown } from "./markdown.server";
