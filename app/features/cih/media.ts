// Where the career videos' files live and how they are named when served.

/** Under content/: what `npm run media:videos` writes, one <slug>.{mp4,jpg,vtt,json} a video. */
export const MEDIA_FOLDER = "media/videos";

export const MEDIA_TYPES = { mp4: "video/mp4", jpg: "image/jpeg", vtt: "text/vtt; charset=utf-8" } as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;

/** A file's address: its content hash in the name, so that it can be cached for a year and a new file is a new address. */
export const mediaPath = (slug: string, hash: string, ext: MediaExtension) => `/media/videos/${slug}.${hash}.${ext}`;

/** The video and file an address names, or null: `<slug>.<12 hex>.<mp4|jpg|vtt>`. */
export function parseMediaName(name: string): { slug: string; ext: MediaExtension } | null {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.[0-9a-f]{12}\.(mp4|jpg|vtt)$/.exec(name);
  return m ? { slug: m[1]!, ext: m[2] as MediaExtension } : null;
}
