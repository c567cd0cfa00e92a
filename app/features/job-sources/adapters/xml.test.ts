import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { feedItemUrls, parseXml, sitemapUrls, XmlError } from "./xml";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("sitemapUrls", () => {
  it("lists a sitemap's pages once each, decoded, leaving out what is not a web address", () => {
    expect(sitemapUrls(fixture("sitemap.xml"))).toEqual({
      pages: [
        "https://careers.example.com/jobs/level-designer",
        "https://careers.example.com/jobs/caf%C3%A9-manager?ref=sitemap&lang=en",
        "https://careers.example.com/jobs/qa-tester",
      ],
      sitemaps: [],
      problems: [{ message: "The sitemap lists ftp://careers.example.com/jobs/old, which is not an http(s) address" }],
    });
  });

  it("lists the sitemaps of a sitemap index, to be read in their turn", () => {
    expect(sitemapUrls(fixture("sitemap-index.xml"))).toEqual({
      pages: [],
      sitemaps: ["https://careers.example.com/sitemap-jobs-1.xml", "https://careers.example.com/sitemap-jobs-2.xml"],
      problems: [],
    });
  });

  it("reports a page that is not a sitemap", () => {
    expect(sitemapUrls("<html><body>Not found</body></html>").problems).toEqual([
      { message: "The sitemap's root is <html>, not <urlset> or <sitemapindex>" },
    ]);
    expect(sitemapUrls("<!doctype html><html><body><p>Hi<br></p></body></html>").problems[0]!.message).toMatch(
      /^The sitemap is not well-formed XML: /,
    );
  });
});

describe("feedItemUrls", () => {
  it("reads an RSS 2.0 feed's item links, or a permalink guid when an item has no link", () => {
    expect(feedItemUrls(fixture("rss.xml"))).toEqual({
      urls: [
        "https://glasgowgames.example/careers/level-designer",
        "https://glasgowgames.example/careers/concept-artist",
      ],
      problems: [],
    });
  });

  it("reads an Atom feed's alternate links, not its edit links", () => {
    expect(feedItemUrls(fixture("atom.xml"))).toEqual({
      urls: [
        "https://glasgowgames.example/careers/level-designer",
        "https://glasgowgames.example/careers/sound-designer",
      ],
      problems: [],
    });
  });

  it("reports a feed of another kind", () => {
    expect(feedItemUrls('<?xml version="1.0"?><urlset></urlset>').problems).toEqual([
      { message: "The feed's root is <urlset>, not <rss> or <feed>" },
    ]);
  });
});

describe("parseXml", () => {
  it("reads elements, attributes, entities, character references and CDATA", () => {
    expect(parseXml(`<a x='1' y="&lt;2&gt;"><b>caf&#233; &#x1F600; &amp;</b><![CDATA[<raw>]]><c/></a>`)).toEqual({
      name: "a",
      attributes: { x: "1", y: "<2>" },
      children: [
        { name: "b", attributes: {}, children: ["café 😀 &"] },
        "<raw>",
        { name: "c", attributes: {}, children: [] },
      ],
    });
  });

  it.each([
    ['<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', "a document type declaration is not read"],
    ["<a><b></a>", "</a> near character 6 closes nothing open"],
    ["<a>", "<a> is not closed"],
    ["<a></a><b></b>", "a second root element <b>"],
    ["<a>&nbsp;</a>", "an unknown entity &nbsp;"],
    ["<a>fish & chips</a>", "a bare &"],
    ["<a x=1></a>", "<a> near character 0 is not well formed"],
    ["text only", "text outside the root element"],
    ["", "there is no element"],
  ])("refuses %s", (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });
});
