import { z } from "zod";
import "~/lib/zod-jitless";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { AUDIENCES, type Audience } from "./catalogue";

/** The e-book form: who to send it to. */
export const EbookRequestSchema = z.object({
  name: FullNameField,
  email: EmailField,
  audience: z.enum(Object.keys(AUDIENCES) as [Audience, ...Audience[]], { error: "Choose what describes you best" }),
});
