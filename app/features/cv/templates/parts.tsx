import { createContext, Fragment, use, type ReactNode } from "react";
import { type CvDocument, type SectionKey, sectionTitle } from "../document";
import { parseRichText, type Run } from "../rich-text";
import { type Entry, type Part, entriesOf, lineEntriesOf, LINE_SECTIONS, ON_REQUEST } from "./content";
import { type ContactItem, contactItems } from "./format";
import { type Style, usePrimitives } from "./primitives";

/** The styles the shared parts below draw with; each template's sheet supplies them. */
export type BaseSheet = {
  page: Style;
  section: Style;
  heading: Style;
  para: Style;
  bold: Style;
  italic: Style;
  link: Style;
  bulletRow: Style;
  bullet: Style;
  bulletText: Style;
  entryHead: Style;
  /** Below an entry's title lines: its text. */
  entryRest: Style;
  /** Above every entry but a section's first. A top margin: react-pdf moves an element to the next page when its bottom margin does not fit. */
  entryGap: Style;
  entryTitleRow: Style;
  entryTitle: Style;
  entryDates: Style;
  entrySub: Style;
  line: Style;
  lineLabel: Style;
  /** Europass: the column of dates left of an entry, and the entry's own column. */
  entryDateCol?: Style;
  entryBody?: Style;
};

export type Layout = {
  s: BaseSheet;
  /**
   * Points an entry's title lines (and a heading) keep with them on their page: two lines of text, since
   * react-pdf moves a paragraph whole rather than leave one line of it (orphans: 2).
   */
  keepLine: number;
  /** Dates in a column before the entry's title lines (Europass) instead of beside its title. */
  datesFirst?: boolean;
};

const LayoutContext = createContext<Layout | null>(null);
export const LayoutProvider = LayoutContext.Provider;
export function useLayout(): Layout {
  const layout = use(LayoutContext);
  if (!layout) throw new Error("CV parts render inside a template's LayoutProvider.");
  return layout;
}

/** Rich-text runs as nested text: bold, italic and links, never markup. */
export function Runs({ runs }: { runs: Run[] }) {
  const { Text, Link } = usePrimitives();
  const { s } = useLayout();
  return runs.map((r, i) => {
    // Strings sit directly in a Text or Link, never returned bare: the PDF's Text sets right-to-left
    // stretches of its own strings in the Arabic font, and sees only those.
    const content = r.href ? (
      <Link href={r.href} style={s.link}>
        {r.text}
      </Link>
    ) : (
      r.text
    );
    if (!r.bold && !r.italic && r.href) return <Fragment key={i}>{content}</Fragment>;
    return (
      <Text key={i} style={[r.bold && s.bold, r.italic && s.italic]}>
        {content}
      </Text>
    );
  });
}

export function Bullets({ items }: { items: ReactNode[] }) {
  const { View, Text } = usePrimitives();
  const { s } = useLayout();
  return items.map((item, i) => (
    <View key={i} style={s.bulletRow}>
      <Text style={s.bullet}>•</Text>
      <Text style={s.bulletText}>{item}</Text>
    </View>
  ));
}

export function RichText({ source }: { source: string }) {
  const { Text } = usePrimitives();
  const { s } = useLayout();
  return parseRichText(source).map((block, i) =>
    block.kind === "paragraph" ? (
      <Text key={i} style={s.para}>
        <Runs runs={block.runs} />
      </Text>
    ) : (
      <Bullets key={i} items={block.items.map((runs, j) => <Runs key={j} runs={runs} />)} />
    ),
  );
}

export function PartText({ part }: { part: Part }) {
  const { Link, Text } = usePrimitives();
  const { s } = useLayout();
  return part.href ? (
    <Link href={part.href} style={s.link}>
      {part.text}
    </Link>
  ) : (
    <Text>{part.text}</Text>
  );
}

/** Parts joined by a separator, each linked where it has an address. */
export function Joined({ parts, separator = " · " }: { parts: Part[]; separator?: string }) {
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && separator}
      <PartText part={p} />
    </Fragment>
  ));
}

export function ContactLine({ items, separator = " · " }: { items: ContactItem[]; separator?: string }) {
  return <Joined parts={items.map((c) => ({ text: c.text, ...(c.href && { href: c.href }) }))} separator={separator} />;
}

/** The single-column templates' head: the name, the headline and one line of contact details, each only when given. */
export function NameHeader({
  basics,
  s,
  separator,
}: {
  basics: CvDocument["basics"];
  s: { header: Style; name: Style; headline: Style; contact: Style };
  separator?: string;
}) {
  const { View, Text } = usePrimitives();
  const contact = contactItems(basics);
  return (
    <View style={s.header}>
      {basics.name.trim() && <Text style={s.name}>{basics.name.trim()}</Text>}
      {basics.headline.trim() && <Text style={s.headline}>{basics.headline.trim()}</Text>}
      {contact.length > 0 && (
        <Text style={s.contact}>
          <ContactLine items={contact} separator={separator} />
        </Text>
      )}
    </View>
  );
}

function EntryBody({ entry }: { entry: Entry }) {
  const { Text } = usePrimitives();
  const { s } = useLayout();
  return (
    <>
      {entry.plain.map((p, i) => (
        <Text key={`p${i}`} style={s.para}>
          {p}
        </Text>
      ))}
      {entry.facts.map((f) => (
        <Text key={f.label} style={s.para}>
          <Text style={s.bold}>{f.label}: </Text>
          {f.text}
        </Text>
      ))}
      {entry.rich.map((r, i) => (
        <RichText key={`r${i}`} source={r} />
      ))}
      <Bullets items={entry.bullets} />
      {entry.trailing.map((f) => (
        <Text key={f.label} style={s.para}>
          <Text style={s.bold}>{f.label}: </Text>
          {f.text}
        </Text>
      ))}
    </>
  );
}

/** An entry's title lines: never split, and kept on a page with at least one line of what follows. */
function EntryLead({ entry }: { entry: Entry }) {
  const { View, Text } = usePrimitives();
  const { s, datesFirst } = useLayout();
  const title = (
    <>
      <View style={s.entryTitleRow}>
        <Text style={s.entryTitle}>
          <PartText part={entry.title} />
        </Text>
        {!datesFirst && entry.dates && <Text style={s.entryDates}>{entry.dates}</Text>}
      </View>
      {entry.sub.length > 0 && (
        <Text style={s.entrySub}>
          <Joined parts={entry.sub} />
        </Text>
      )}
    </>
  );
  if (!datesFirst) return <View style={s.entryHead}>{title}</View>;
  return (
    <View style={s.entryHead}>
      <View style={s.entryDateCol}>
        <Text style={s.entryDates}>{entry.dates}</Text>
      </View>
      <View style={s.entryBody}>{title}</View>
    </View>
  );
}

/** A piece of a section: `lead` (never split, never left at a page's foot alone) and what follows it. */
type Item = { key: string; lead: ReactNode; rest?: ReactNode };

function useSectionItems(doc: CvDocument, sectionKey: SectionKey): Item[] {
  const { View, Text } = usePrimitives();
  const { s } = useLayout();
  if (sectionKey === "summary") return richItems(doc.summary, "summary");
  if (sectionKey === "references" && doc.references.mode === "on-request") {
    return [{ key: "on-request", lead: <Text style={s.para}>{ON_REQUEST}</Text> }];
  }
  if (LINE_SECTIONS.includes(sectionKey)) {
    return lineEntriesOf(doc, sectionKey).map((l) => ({
      key: l.id,
      lead: (
        <Text style={s.line}>
          <Text style={s.lineLabel}>{l.label}</Text>
          {l.detail}
        </Text>
      ),
    }));
  }
  return entriesOf(doc, sectionKey).map((e) => ({
    key: e.id,
    lead: <EntryLead entry={e} />,
    rest: (
      <View style={s.entryRest}>
        <EntryBody entry={e} />
      </View>
    ),
  }));
}

/** Rich text as items: each paragraph, and each bullet, is one. */
function richItems(source: string, key: string): Item[] {
  return parseRichText(source).flatMap((block, i) =>
    block.kind === "paragraph"
      ? [{ key: `${key}-${i}`, lead: <RichParagraph runs={block.runs} /> }]
      : block.items.map((runs, j) => ({
          key: `${key}-${i}-${j}`,
          lead: <Bullets items={[<Runs key={0} runs={runs} />]} />,
        })),
  );
}

function RichParagraph({ runs }: { runs: Run[] }) {
  const { Text } = usePrimitives();
  const { s } = useLayout();
  return (
    <Text style={s.para}>
      <Runs runs={runs} />
    </Text>
  );
}

/**
 * An empty first child. react-pdf honours `minPresenceAhead` (move to the next page unless that much
 * follows on this one) only for an element with something before it in its parent: it reckons that
 * moving the first one would not help.
 */
function KeepMarker() {
  const { View } = usePrimitives();
  return <View />;
}

/**
 * A heading and its content. The heading and the first item's lead (an entry's title lines, a
 * paragraph, a line) form one box that is never split, and that box keeps a line of what follows
 * with it: a heading never ends a page, and an entry's title never ends a page without its first line.
 * `children` replaces the content (the Europass language grid) and goes with the heading whole.
 */
export function Section({
  doc,
  sectionKey,
  children,
}: {
  doc: CvDocument;
  sectionKey: SectionKey;
  children?: ReactNode;
}) {
  const { View, Text } = usePrimitives();
  const { s, keepLine } = useLayout();
  const items = useSectionItems(doc, sectionKey);
  const heading = <Text style={s.heading}>{sectionTitle(doc, sectionKey)}</Text>;
  if (children) {
    return (
      <View style={s.section}>
        <View wrap={false}>
          {heading}
          {children}
        </View>
      </View>
    );
  }
  const [first, ...others] = items;
  return (
    <View style={s.section}>
      <KeepMarker />
      <View wrap={false} minPresenceAhead={first?.rest ? keepLine : 0}>
        {heading}
        {first?.lead}
      </View>
      {first?.rest}
      {others.map((item) => (
        <Fragment key={item.key}>
          <View wrap={false} minPresenceAhead={item.rest ? keepLine : 0} {...(item.rest ? { style: s.entryGap } : {})}>
            {item.lead}
          </View>
          {item.rest}
        </Fragment>
      ))}
    </View>
  );
}
