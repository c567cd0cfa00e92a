import { answerBlogCheck } from "~/features/blog/api.server";
import { jsonEndpoint } from "~/lib/json-api.server";

/** The blog checks of spec section 7: GET /check-blog-slug/{slug} and GET /get-blog-detail/{slug}. */
const endpoint = jsonEndpoint("blog check", "GET", answerBlogCheck);

export { endpoint as loader, endpoint as action };
