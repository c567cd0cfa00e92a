import type { LoaderFunctionArgs } from "react-router";
import { serveVideoFile } from "~/features/cih/media.server";

/** A career video's media, poster or captions (GET and HEAD). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  serveVideoFile(request, params.name!, context);
