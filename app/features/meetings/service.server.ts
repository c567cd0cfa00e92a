import type { Config } from "~/lib/env.server";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { Signer } from "~/lib/signer.server";
import { meetingLinksContext } from "./context";

/** The meetings' part of the running server: the signer of the links to manage a booking. */
export const startMeetings = (config: Config) =>
  provides(meetingLinksContext, new Signer(serverSecret(config), "meeting-booking"));
