export const SITE_NAME = "Career Platform";

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

type MetaTag = Record<string, unknown>;

export type Seo = {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  type?: "website" | "article";
  /** Absolute address of the social card image, and its description. */
  image?: string | null;
  imageAlt?: string | null;
  /** JSON-LD objects (schema.org), each rendered as its own script. */
  jsonLd?: object[];
};

/** Title, description, canonical address, Open Graph, Twitter card and structured data of a page. */
export function seoMeta(s: Seo): MetaTag[] {
  const tags: MetaTag[] = [
    { title: pageTitle(s.title) },
    { name: "description", content: s.description },
    { tagName: "link", rel: "canonical", href: s.url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: s.type ?? "website" },
    { property: "og:title", content: s.title },
    { property: "og:description", content: s.description },
    { property: "og:url", content: s.url },
    { name: "twitter:card", content: s.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: s.title },
    { name: "twitter:description", content: s.description },
  ];
  if (s.image) {
    tags.push({ property: "og:image", content: s.image }, { name: "twitter:image", content: s.image });
    if (s.imageAlt)
      tags.push({ property: "og:image:alt", content: s.imageAlt }, { name: "twitter:image:alt", content: s.imageAlt });
  }
  for (const data of s.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** schema.org BreadcrumbList from [name, absolute url] pairs. */
export function breadcrumbLd(items: [string, string][]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map(([name, item], i) => ({ "@type": "ListItem", position: i + 1, name, item })),
  };
}
