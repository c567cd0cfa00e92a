import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CvDocument, TEMPLATES, type TemplateId } from "../document";
import { missingInOrder, printedFields } from "../pdf/expected-text";
import { SAMPLE_CV } from "../sample";
import { CvHtml } from "./html";

const withTemplate = (doc: CvDocument, template: TemplateId): CvDocument => ({
  ...doc,
  settings: { ...doc.settings, template },
});

/** The text a reader sees: tags dropped, entities decoded, the <style> element left out. */
function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<\/(div|p|li)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("CvHtml (the live preview)", () => {
  for (const template of TEMPLATES) {
    it(`${template}: shows every field in the PDF's order, styled by classes only`, () => {
      const doc = withTemplate(SAMPLE_CV, template);
      const html = renderToStaticMarkup(<CvHtml doc={doc} />);
      expect(missingInOrder(visibleText(html), printedFields(doc))).toEqual([]);
      // The site's CSP refuses style attributes: every style is a class of the one <style> element.
      expect(html).not.toMatch(/\sstyle="/);
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(css).toContain('"Noto Sans"'); // CSS is not HTML-escaped
      expect(css).toContain(SAMPLE_CV.settings.accent);
      expect(css).toMatch(/width:(595\.28|612)pt/);
      for (const cls of new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(" ")))) {
        expect(css, `.${cls} has a rule`).toContain(`.${cls}`);
      }
      expect(html).toContain('href="mailto:amara.okafor@example.com"');
      expect(html).toContain('href="tel:+447911123456"');
    });
  }

  it("escapes script and HTML typed into any field, in every template", () => {
    const attack = "<script>alert(1)</script>";
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      basics: { ...SAMPLE_CV.basics, name: attack, headline: '<img src=x onerror="alert(2)">' },
      summary: `**${attack}** [click](https://example.com/"><script>)`,
      skills: [{ id: "s1", name: attack, level: "", keywords: [attack] }],
    });
    for (const template of TEMPLATES) {
      const html = renderToStaticMarkup(<CvHtml doc={withTemplate(doc, template)} />);
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(visibleText(html)).toContain(attack);
    }
  });

  it("shows a photo in the Europass and modern templates only, and a new style scope per accent", () => {
    for (const template of TEMPLATES) {
      const html = renderToStaticMarkup(<CvHtml doc={withTemplate(SAMPLE_CV, template)} photoUrl="/api/cvs/1/photo" />);
      expect([template, html.includes('src="/api/cvs/1/photo"')]).toEqual([
        template,
        template === "europass" || template === "modern",
      ]);
    }
    const scope = (accent: string) =>
      /<div class="(cv\w+)/.exec(
        renderToStaticMarkup(<CvHtml doc={{ ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, accent } }} />),
      )?.[1];
    expect(scope("#1d4ed8")).not.toBe(scope("#b91c1c"));
  });

  it("renders the Europass CEFR grid with Mother tongue", () => {
    const text = visibleText(renderToStaticMarkup(<CvHtml doc={withTemplate(SAMPLE_CV, "europass")} />));
    expect(
      missingInOrder(text, [
        "Mother tongue",
        "English, Yoruba",
        "Listening",
        "Reading",
        "Spoken production",
        "Spoken interaction",
        "Writing",
        "French",
        "B2",
        "B2",
        "B2",
        "B2",
        "B2",
      ]),
    ).toEqual([]);
  });
});
