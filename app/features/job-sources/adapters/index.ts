import { adzuna } from "./adzuna";
import { ashby } from "./ashby";
import type { Adapter } from "./common";
import { greenhouse } from "./greenhouse";
import { jsonld } from "./jsonld";
import { lever } from "./lever";
import { recruitee } from "./recruitee";
import { JOB_SOURCE_KINDS, type JobSourceKind } from "../sources";
import { reed } from "./reed";
import { smartrecruiters } from "./smartrecruiters";
import { teamtailor } from "./teamtailor";
import { workable } from "./workable";

/**
 * The kinds read by an adapter: every kind but "feed", whose JSON Lines and CSV files the job feed's own
 * reader (readFeed) reads as `npm run jobs:import` does.
 */
export type AdapterKind = Exclude<JobSourceKind, "feed">;
export const ADAPTER_KINDS = JOB_SOURCE_KINDS.filter((kind): kind is AdapterKind => kind !== "feed");

/** One adapter a kind: how to ask the provider, and how its answer becomes feed records. */
export const adapters: Record<AdapterKind, Adapter> = {
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

export type { Adapter, AdapterProblem, AdapterSource, AdaptResult, SourceRecordInput, SourceRequest } from "./common";
export { feedItemUrls, sitemapUrls } from "./xml";
