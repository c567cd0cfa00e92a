import { describe, expect, it } from "vitest";
import { htmlToMarkdown, readingMinutes, renderMarkdown, sanitizeArticleHtml } from "~/lib/markdown.server";

describe("sanitizeArticleHtml", () => {
  it("removes scripts and their content", () => {
    expect(sanitizeArticleHtml('<p>Hi</p><script>alert("x")</script>')).toBe("<p>Hi</p>");
  });

  it("removes event handlers and inline styles", () => {
    expect(
      sanitizeArticleHtml(
        '<p onclick="steal()" style="color:red">Hi</p><img src="https://example.org/a.png" onerror="steal()" alt="A">',
      ),
    ).toBe('<p>Hi</p><img src="https://example.org/a.png" alt="A" />');
  });

  it("removes javascript:, data: and protocol-relative links but keeps the text", () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeArticleHtml('<a href="JaVaScRiPt:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeArticleHtml('<a href="data:text/html,x">a</a>')).toBe("<a>a</a>");
    expect(sanitizeArticleHtml('<a href="//evil.example">a</a>')).toBe("<a>a</a>");
  });

  it("removes iframes, forms and unknown tags", () => {
    expect(
      sanitizeArticleHtml(
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><p>ok</p>',
      ),
    ).toBe("<p>ok</p>");
  });

  it("keeps site links as they are and marks external ones noopener", () => {
    expect(sanitizeArticleHtml('<a href="/blog/career-advice">a</a>')).toBe('<a href="/blog/career-advice">a</a>');
    expect(sanitizeArticleHtml('<a href="https://www.gov.uk/graduate-visa" target="_blank">b</a>')).toBe(
      '<a href="https://www.gov.uk/graduate-visa" rel="noopener noreferrer">b</a>',
    );
  });
});

describe("renderMarkdown", () => {
  it("renders headings with ids from their text, turning a body h1 into h2", () => {
    expect(renderMarkdown("## What is the Graduate route?")).toBe(
      '<h2 id="what-is-the-graduate-route">What is the Graduate route?</h2>\n',
    );
    expect(renderMarkdown("# Top\n\n### Café & more")).toBe(
      '<h2 id="top">Top</h2>\n<h3 id="cafe-and-more">Café &amp; more</h3>\n',
    );
  });

  it("drops raw HTML written into Markdown", () => {
    expect(renderMarkdown('Text <script>alert(1)</script>\n\n<div onmouseover="x()">y</div>')).not.toMatch(
      /script|onmouseover|<div/,
    );
  });

  it("renders GitHub tables and links", () => {
    const html = renderMarkdown("| a | b |\n|---|--:|\n| 1 | 2 |\n\n[GOV.UK](https://www.gov.uk)");
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<a href="https://www.gov.uk" rel="noopener noreferrer">GOV.UK</a>');
  });
});

describe("readingMinutes", () => {
  it("counts 220 words a minute, at least one", () => {
    expect(readingMinutes("word ".repeat(10))).toBe(1);
    expect(readingMinutes("word ".repeat(660))).toBe(3);
    expect(readingMinutes("word ".repeat(770))).toBe(4);
  });
});

describe("htmlToMarkdown", () => {
  it("keeps paragraphs, headings, lists, emphasis and links as Markdown", () => {
    expect(
      htmlToMarkdown(
        '<h1>About us</h1><div>We build <b>great</b> things &amp; <i>more</i>.</div><ol><li>One</li><li>Two<ul><li>nested</li></ul></li></ol><p>See <a href="https://x.example/a?b=1&amp;c=(2)">our site</a><br>today</p>',
      ),
    ).toBe(
      "## About us\n\nWe build **great** things & _more_.\n\n1. One\n2. Two\n   - nested\n\nSee [our site](https://x.example/a?b=1&c=%282%29)\ntoday",
    );
  });

  it("keeps the words of everything else, and drops scripts, styles and unsafe links", () => {
    expect(
      htmlToMarkdown(
        '<style>p{color:red}</style><table><tr><td>Pay</td><td>£30k</td></tr></table><script>alert(1)</script><a href="javascript:alert(1)">click</a> <img src="x" onerror="alert(1)">',
      ),
    ).toBe("Pay £30k\n\nclick");
  });

  it("escapes what Markdown would read as markup, so a job's words stay words", () => {
    expect(
      htmlToMarkdown("<p># Not a heading</p><p>- not a list</p><p>a <b>&lt;script&gt;</b> *star* [x](y) _u_</p>"),
    ).toBe("\\# Not a heading\n\n\\- not a list\n\na **\\<script\\>** \\*star\\* \\[x\\](y) \\_u\\_");
  });

  it("keeps unicode as it is, right-to-left text and emoji alike", () => {
    expect(htmlToMarkdown("<p>مرحبا بكم 🎉 café</p>")).toBe("مرحبا بكم 🎉 café");
  });
});
