import { adzuna } from "./adzuna";
import { ashby } from "./ashby";
import type { Adapter } from "./common";
import { greenhouse } from "./greenhouse";
import { jsonld } from "./jsonld";
import { lever } from "./lever";
import { recruitee } from "./recruitee";
import { reed } from "./reed";
import { smartrecruiters } from "./smartrecruiters";
import { teamtailor } from "./teamtailor";
import { workable } from "./workable";

export const JOB_SOURCE_KINDS = [
  "greenhouse",
  "lever",
  "ashby",
  "workable",
  "smartrecruiters",
  "recruitee",
  "teamtailor",
  "adzuna",
  "reed",
  "jsonld",
] as const;
export type JobSourceKind = (typeof JOB_SOURCE_KINDS)[number];

/** One adapter a kind: how to ask the provider, and how its answer becomes feed records. */
export const adapters: Record<JobSourceKind, Adapter> = {
  greenhouse,
  lever,
  ashby,
  workable,
  smartrecruiters,
  recruitee,
  teamtailor,
  adzuna,
  reed,
  jsonld,
};

export type { Adapter, AdapterProblem, AdapterSource, AdaptResult, FeedRecordInput, SourceRequest } from "./common";
export { feedItemUrls, sitemapUrls } from "./xml";
