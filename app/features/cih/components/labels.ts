import type { VideoLevel, VideoTopic } from "~/db/schema/video-values";

export const TOPIC_LABELS: Record<VideoTopic, string> = {
  cv: "CVs",
  applications: "Applications and cover letters",
  interviews: "Interviews",
  networking: "Networking",
  "job-search": "Finding jobs",
  visas: "UK work visas",
  workplace: "Starting work",
};

export const LEVEL_LABELS: Record<VideoLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

/** "45 seconds", "2 minutes", "1 minute 30 seconds": a length as people say it. */
export function spokenLength(seconds: number): string {
  const total = Math.round(seconds);
  const [m, s] = [Math.floor(total / 60), total % 60];
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (!m) return part(s, "second");
  return s ? `${part(m, "minute")} ${part(s, "second")}` : part(m, "minute");
}
