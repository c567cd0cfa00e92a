import { describe, expect, it } from "vitest";
import { safeSvgValue, sanitiseSvg } from "./svg-sanitise.server";
import { xmlOutline } from "./xml-outline";

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const wrap = (inner: string, attributes = "") => `<svg ${NS} viewBox="0 0 100 40"${attributes}>${inner}</svg>`;

/** What every sanitised drawing must be free of, whatever went in. */
function expectHarmless(out: string) {
  expect(out).not.toMatch(
    /<script|<style|<foreignObject|<iframe|<image|<a[\s>]|<animate|<set[\s>]|<!DOCTYPE|<!ENTITY|<\?/i,
  );
  expect(out).not.toMatch(/\son\w+\s*=/i);
  expect(out).not.toMatch(/\sstyle\s*=/i);
  expect(out).not.toMatch(/javascript:|data:|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i);
  expect(out).not.toMatch(/xlink:href/);
  // Still well-formed XML with <svg> as its root.
  expect(xmlOutline(out)).toMatchObject({ ok: true, root: "svg" });
}

describe("sanitiseSvg", () => {
  it("keeps a plain logo as it is drawn", () => {
    const logo = wrap(
      '<title>Demo University</title><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#6d28d9"/><stop offset="1" stop-color="#4c1d95"/></linearGradient></defs>' +
        '<rect width="100" height="40" rx="4" fill="url(#g)"/><path d="M10 30 L20 10 L30 30 Z" fill="#ffffff" stroke="#000" stroke-width="2"/>' +
        '<circle cx="50" cy="20" r="8" fill-opacity="0.5"/><text x="60" y="25" font-family="Georgia, serif" font-size="12" fill="#fff">DU</text><use href="#g"/>',
    );
    const out = sanitiseSvg(logo);
    expectHarmless(out);
    expect(out).toBe(
      `<svg viewBox="0 0 100 40" ${NS}><title>Demo University</title><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#6d28d9"></stop><stop offset="1" stop-color="#4c1d95"></stop></linearGradient></defs>` +
        '<rect width="100" height="40" rx="4" fill="url(#g)"></rect><path d="M10 30 L20 10 L30 30 Z" fill="#ffffff" stroke="#000" stroke-width="2"></path>' +
        '<circle cx="50" cy="20" r="8" fill-opacity="0.5"></circle><text x="60" y="25" font-family="Georgia, serif" font-size="12" fill="#fff">DU</text><use href="#g"></use></svg>',
    );
  });

  it("removes scripts with what they hold; in another case or with a prefix, their words stay as inert text", () => {
    const out = sanitiseSvg(
      wrap(
        '<script>alert(1)</script><script href="https://evil.example/x.js"/><SCRIPT>alert(2)</SCRIPT><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(3)</svg:script><rect width="1" height="1"/>',
      ),
    );
    expectHarmless(out);
    expect(out).toBe(`<svg viewBox="0 0 100 40" ${NS}>alert(2)alert(3)<rect width="1" height="1"></rect></svg>`);
  });

  it("removes event handler attributes", () => {
    const out = sanitiseSvg(
      wrap(
        '<rect width="1" height="1" onclick="alert(1)" ONMOUSEOVER="alert(2)" onfocusin="alert(3)"/>',
        ' onload="alert(0)"',
      ),
    );
    expectHarmless(out);
    expect(out).not.toContain("alert");
  });

  it("removes foreignObject with the HTML inside it", () => {
    const out = sanitiseSvg(
      wrap(
        '<foreignObject width="100" height="40"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe><p>Log in again</p><rect width="5" height="5"/></body></foreignObject><rect width="1" height="1"/>',
      ),
    );
    expectHarmless(out);
    expect(out).not.toContain("Log in again");
    expect(out).toBe(`<svg viewBox="0 0 100 40" ${NS}><rect width="1" height="1"></rect></svg>`);
  });

  it("keeps only same-document #fragment references", () => {
    const out = sanitiseSvg(
      wrap(
        '<defs><path id="p" d="M0 0h1"/></defs><use xlink:href="#p" xmlns:xlink="http://www.w3.org/1999/xlink"/><use href="https://evil.example/sprite.svg#p"/><use href="/other.svg#p"/>' +
          '<use xlink:href="data:image/svg+xml;base64,PHN2Zy8+#x"/><use href="javascript:alert(1)"/><a href="https://evil.example"><rect width="1" height="1"/></a>' +
          '<rect width="1" height="1" fill="url(https://evil.example/x#g)" stroke="url(#p)" mask="url(\'//evil.example/m\')" clip-path="url( &quot;#p&quot; )"/>',
      ),
    );
    expectHarmless(out);
    expect(out).toContain('<use href="#p"></use>');
    // A <use> left without a reference is dropped; the link's shape stays, without the link.
    expect(out.match(/<use/g)).toHaveLength(1);
    expect(out).toContain(
      '<rect width="1" height="1"></rect><rect width="1" height="1" stroke="url(#p)" clip-path="url( &quot;#p&quot; )"></rect>',
    );
  });

  it("removes style elements and attributes, keeping a style attribute's safe paint as attributes", () => {
    const out = sanitiseSvg(
      wrap(
        "<style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/track) }</style>" +
          '<rect width="1" height="1" class="c" style="fill:#123456; stroke : #000;background-image:url(https://evil.example/t);behavior:url(x.htc)"/>' +
          '<rect width="2" height="2" fill="red" style="fill:blue"/><rect width="3" height="3" style="fill:url(https://evil.example/p)"/><rect width="4" height="4" style="fill:r\\65 d"/>',
      ),
    );
    expectHarmless(out);
    expect(out).toContain('<rect fill="#123456" stroke="#000" width="1" height="1"></rect>');
    expect(out).toContain('<rect fill="red" width="2" height="2"></rect>');
    expect(out).toContain('<rect width="3" height="3"></rect>');
    expect(out).toContain('<rect width="4" height="4"></rect>');
    expect(out).not.toContain("class=");
  });

  it("removes data: and other URLs everywhere, images included", () => {
    const out = sanitiseSvg(
      wrap(
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/><image xlink:href="https://evil.example/track.png"/>' +
          '<rect width="1" height="1" fill="data:text/html,x" transform="translate(1 1)"/><pattern id="q"><image href="https://evil.example/p.png"/></pattern>' +
          '<rect width="1" height="1" fill="&#x6A;avascript:alert(1)"/><feImage href="https://evil.example/f.png"/>',
      ),
    );
    expectHarmless(out);
    expect(out).toContain('<rect width="1" height="1" transform="translate(1 1)"></rect>');
    expect(out).toContain('<pattern id="q"></pattern>');
  });

  it("removes animation, which can rewrite a link or a paint", () => {
    const out = sanitiseSvg(
      wrap(
        '<a><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="href" to="https://evil.example"/><rect width="1" height="1"/></a>',
      ),
    );
    expectHarmless(out);
    expect(out).toBe(`<svg viewBox="0 0 100 40" ${NS}><rect width="1" height="1"></rect></svg>`);
  });

  it("drops the DOCTYPE and leaves entities unexpanded, as text", () => {
    const hostile =
      '<?xml version="1.0"?>\n<?xml-stylesheet href="https://evil.example/s.css"?>\n<!DOCTYPE svg [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n  <!ENTITY lol "lol">\n  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n' +
      wrap('<text x="1" y="10">&xxe;&lol2;</text><rect width="1" height="1"/>');
    const out = sanitiseSvg(hostile);
    expectHarmless(out);
    expect(out).toBe(
      `<svg viewBox="0 0 100 40" ${NS}><text x="1" y="10">&amp;xxe;&amp;lol2;</text><rect width="1" height="1"></rect></svg>`,
    );
    expect(out).not.toContain("passwd");
  });

  it("keeps text escaped, CDATA included", () => {
    const out = sanitiseSvg(wrap('<text>a &lt;b&gt; &amp; "c"<![CDATA[<script>alert(1)</script>]]></text>'));
    expectHarmless(out);
    expect(out).toContain('<text>a &lt;b&gt; &amp; "c"&lt;script&gt;alert(1)&lt;/script&gt;</text>');
  });

  it("gives the root the SVG namespace, whatever it said", () => {
    expect(sanitiseSvg('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')).toBe(
      `<svg viewBox="0 0 1 1" ${NS}><rect width="1" height="1"></rect></svg>`,
    );
    expect(sanitiseSvg('<svg xmlns="https://evil.example/ns"><rect width="1" height="1"/></svg>')).toBe(
      `<svg ${NS}><rect width="1" height="1"></rect></svg>`,
    );
  });
});

describe("safeSvgValue", () => {
  it("takes paint, geometry and local references, not URLs or CSS tricks", () => {
    for (const ok of [
      "#fff",
      "url(#g)",
      "url('#g')",
      "rgb(1, 2, 3)",
      "M0 0 L10 10Z",
      "translate(1 2) rotate(45)",
      "Georgia, 'Times New Roman', serif",
      "Demo: logo",
    ]) {
      expect(safeSvgValue(ok), ok).toBe(true);
    }
    for (const bad of [
      "url(https://evil.example)",
      "url(#g) url(x)",
      "URL(//evil.example)",
      "u\\rl(x)",
      "expression(alert(1))",
      "javascript:alert(1)",
      "data:image/png,x",
      "<x>",
      "red !important",
    ]) {
      expect(safeSvgValue(bad), bad).toBe(false);
    }
  });
});
