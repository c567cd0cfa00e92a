import type { LoaderFunctionArgs } from "react-router";
import {
  preferencesAnswer,
  progressListAnswer,
  saveProgressAnswer,
  savedAnswer,
  videoAnswer,
  videoListAnswer,
} from "~/features/cih/api.server";
import { jsonResource } from "~/lib/json-api.server";

// The career video hub's API (docs/features/career-hub.md), one resource per address of the route table.

const saveProgress = ({ params, request, context }: LoaderFunctionArgs) =>
  saveProgressAnswer(params.slug!, request, context);

const RESOURCES: Record<string, (args: LoaderFunctionArgs) => Promise<Response>> = {
  "/api/cih/videos": jsonResource("video search", { GET: ({ request, context }) => videoListAnswer(request, context) }),
  "/api/cih/videos/:slug": jsonResource("video", { GET: ({ params, context }) => videoAnswer(params.slug!, context) }),
  "/api/cih/progress": jsonResource("video progress", { GET: ({ context }) => progressListAnswer(context) }),
  // POST too: navigator.sendBeacon, which saves the place as the page closes, can only post.
  "/api/cih/progress/:slug": jsonResource("video progress", { PUT: saveProgress, POST: saveProgress }),
  "/api/cih/saved/:slug": jsonResource("saved video", {
    POST: ({ params, context }) => savedAnswer(params.slug!, "POST", context),
    DELETE: ({ params, context }) => savedAnswer(params.slug!, "DELETE", context),
  }),
  "/api/cih/preferences": jsonResource("video preferences", {
    PUT: ({ request, context }) => preferencesAnswer(request, context),
  }),
};

const endpoint = (args: LoaderFunctionArgs) => RESOURCES[args.pattern]!(args);

export { endpoint as loader, endpoint as action };
