import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Clock } from "~/lib/clock";
import { type Config, outboundPolicy } from "~/lib/env.server";
import type { Service } from "~/lib/service";
import { refreshIdpMetadata } from "./settings.server";

export const SSO_METADATA_JOB = "sso.metadata-refresh";
const DAY_MS = 24 * 60 * 60_000;

/** Single sign-on's part of the running server: the daily reading of SAML IdPs' metadata URLs. */
export function startSso(db: Db, config: Config, clock: Clock, runner: JobRunner): Service {
  runner.every(SSO_METADATA_JOB, DAY_MS, async () => {
    const { changed, failed } = await refreshIdpMetadata(db, outboundPolicy(config), clock());
    if (changed || failed)
      console.log(`Single sign-on: IdP metadata read again, ${changed} changed, ${failed} could not be read.`);
  });
  return { provide: () => {} };
}
