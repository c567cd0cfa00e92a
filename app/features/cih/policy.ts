import type { Video } from "~/db/schema/videos";
import { VIDEO_COLLECTIONS, type VideoCollection } from "~/db/schema/video-values";
import type { AccessState } from "~/features/access";

/** Who watches: a visitor (nothing saved), or a person with or without premium access through their university's plan. */
export type Viewer = { userId: number | null; universityId: number | null; premium: boolean };

export function viewerOf(access: {
  state: AccessState;
  user: { id: number; universityId: number | null; accessStatus: string } | null;
}): Viewer {
  // An account awaiting approval opens no member's page: it watches as a visitor.
  const user = access.user?.accessStatus === "active" ? access.user : null;
  return {
    userId: user?.id ?? null,
    universityId: user?.universityId ?? null,
    premium: !!user && access.state.isCihPremiumAccess,
  };
}

/** Premium lessons and their files are for premium access only; the standard library and the pre-departure guide are for everyone. */
export const canPlay = (viewer: Viewer, collection: VideoCollection) => collection !== "premium" || viewer.premium;

/** The collections whose words (narration, notes) a viewer may not search: a match there would quote what they may not read. */
export const unsearchableCollections = (viewer: Viewer) => VIDEO_COLLECTIONS.filter((c) => !canPlay(viewer, c));

/**
 * What a video teaches, as opposed to what advertises it (title, summary, topic, level, length,
 * address, official links): its media, poster, captions, chapters, transcript and notes. Every way
 * a video is served (its page, the API, its files) takes them from here, so that none gives away
 * what another refuses. Null when the viewer may not play the video.
 */
export type VideoContent = Pick<
  Video,
  "mediaUrl" | "mediaType" | "posterUrl" | "captionsUrl" | "chapters" | "transcript" | "bodyHtml"
>;
export function videoContent(viewer: Viewer, video: Video): VideoContent | null {
  if (!canPlay(viewer, video.collection)) return null;
  const { mediaUrl, mediaType, posterUrl, captionsUrl, chapters, transcript, bodyHtml } = video;
  return { mediaUrl, mediaType, posterUrl, captionsUrl, chapters, transcript, bodyHtml };
}
