import type { RouterContextProvider } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { preferredPhoneCountries } from "~/features/phone";
import { clientIpContext, configContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import type { FormState } from "~/lib/request-body.server";
import { STORY_LIMIT, storyRateKey, submitStory } from "./stories.server";
import { StorySchema } from "./story-schema";

type Context = Readonly<RouterContextProvider>;

const SENT = "/share-your-success-story?sent=1";
const KEPT = [
  "name",
  "email",
  "phone_text",
  "phone_country",
  "university",
  "course",
  "homeCountry",
  "role",
  "employer",
  "story",
  "consent",
] as const;
export type StoryFormValues = Partial<Record<(typeof KEPT)[number], string>>;
/** What the action answers when it shows the form again: what was typed, and each field's error. */
export type StoryForm = FormState<StoryFormValues>;

/** /share-your-success-story: the form, filled in with what we know of the sender; or its confirmation. */
export function loadStoryPage(url: URL, context: Context) {
  const { microsite, user } = context.get(accessContext);
  return {
    sent: url.searchParams.get("sent") === "1",
    prefill: { name: user?.name ?? "", email: user?.email ?? "", university: microsite?.name ?? "" },
    preferredCountries: preferredPhoneCountries(context.get(configContext).SYSTEM_COUNTRY_ID),
  };
}

export type StoryPageData = ReturnType<typeof loadStoryPage>;

/** A story sent: kept for the editors to read (from the microsite and the person logged in, if any). */
export function storyPageAction(request: Request, context: Context) {
  const db = context.get(dbContext);
  const { microsite, user } = context.get(accessContext);
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: storyRateKey(context.get(clientIpContext)),
    limit: STORY_LIMIT,
    what: "stories",
    kept: KEPT,
    schema: StorySchema,
    store: (data) => submitStory(db, data, { universityId: microsite?.id ?? null, userId: user?.id ?? null }),
    sent: SENT,
  });
}
