import { ebookDownload } from "~/features/ebooks/ebook-page.server";
import type { Route } from "./+types/ebook.$slug.download";

export const loader = ({ url, params, context }: Route.LoaderArgs) => ebookDownload(url, params.slug, context);
