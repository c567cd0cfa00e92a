export { sitemapGuides } from "./ebooks.server";
