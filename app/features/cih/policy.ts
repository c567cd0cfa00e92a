import type { VideoCollection } from "~/db/schema/video-values";
import type { AccessState } from "~/features/access/access-state";

/** Who watches: a visitor (nothing saved), or a person with or without premium access through their university's plan. */
export type Viewer = { userId: number | null; universityId: number | null; premium: boolean };

export function viewerOf(access: { state: AccessState; user: { id: number; universityId: number | null; accessStatus: string } | null }): Viewer {
  // An account awaiting approval opens no member's page: it watches as a visitor.
  const user = access.user?.accessStatus === "active" ? access.user : null;
  return { userId: user?.id ?? null, universityId: user?.universityId ?? null, premium: !!user && access.state.isCihPremiumAccess };
}

/** Premium lessons and their files are for premium access only; the standard library and the pre-departure guide are for everyone. */
export const canPlay = (viewer: Viewer, collection: VideoCollection) => collection !== "premium" || viewer.premium;
