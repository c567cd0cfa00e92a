import type { PlayerVideo } from "./player/player";

/** ISO 8601 duration: 45.2 s is "PT45S", 125 s "PT2M5S". */
export function isoDuration(seconds: number): string {
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/**
 * schema.org VideoObject of a video anyone may watch, with the properties Google requires (name,
 * thumbnailUrl, uploadDate) and the recommended ones we hold (description, duration, contentUrl,
 * transcript); Clip marks each chapter ("key moments"). Addresses are made absolute with `origin`.
 */
export function videoObjectLd(
  video: PlayerVideo,
  meta: { summary: string; publishedOn: string; pageUrl: string },
  origin: string,
) {
  const absolute = (url: string) => (url.startsWith("/") ? origin + url : url);
  const end = (i: number) => video.chapters[i + 1]?.start ?? video.duration;
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: video.title,
    description: meta.summary,
    ...(video.posterUrl ? { thumbnailUrl: [absolute(video.posterUrl)] } : {}),
    uploadDate: meta.publishedOn,
    duration: isoDuration(video.duration),
    ...(video.media ? { contentUrl: absolute(video.media.url) } : {}),
    transcript: video.transcript.map((c) => c.text).join(" "),
    inLanguage: "en-GB",
    hasPart: video.chapters.map((c, i) => ({
      "@type": "Clip",
      name: c.title,
      startOffset: Math.floor(c.start),
      endOffset: Math.ceil(end(i)),
      url: `${origin}${meta.pageUrl}?t=${Math.floor(c.start)}`,
    })),
  };
}
