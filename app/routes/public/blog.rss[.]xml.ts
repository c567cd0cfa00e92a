import { discoveryFile } from "~/features/blog/pages.server";
import { PAGE_ROUTES } from "~/route-table";
import type { Route } from "./+types/blog.rss[.]xml";

export const loader = ({ pattern, context }: Route.LoaderArgs) => discoveryFile(pattern, context, PAGE_ROUTES);
