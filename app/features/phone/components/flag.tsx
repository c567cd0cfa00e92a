// Emoji flags show as two letters on Windows, so flags are the SVG files of country-flag-icons. Each is
// a file of its own (`?no-inline`), fetched only when a flag is on screen: the script that imports this
// module carries a table of addresses, not the drawings.
const FILES = import.meta.glob<string>("/node_modules/country-flag-icons/3x2/??.svg", {
  query: "?no-inline",
  import: "default",
  eager: true,
});

const URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(FILES).map(([file, url]) => [file.slice(file.lastIndexOf("/") + 1, -".svg".length), url]),
);

/** Whether the package has a flag for a region (ISO 3166-1 alpha-2). */
export function hasFlag(iso2: string): boolean {
  return URLS.has(iso2.toUpperCase());
}

/**
 * A region's flag, 3:2. It is decorative: the country's name is always there as text. A region the
 * package has no flag for gets a neutral box of the same size, so a list stays aligned.
 */
export function Flag({ iso2, lazy = false }: { iso2: string; lazy?: boolean }) {
  const src = URLS.get(iso2.toUpperCase());
  if (!src)
    return (
      <span
        aria-hidden="true"
        data-flag="none"
        className="inline-block h-4 w-6 shrink-0 rounded-sm border border-slate-400 bg-slate-100"
      />
    );
  return (
    <img
      src={src}
      alt=""
      width={24}
      height={16}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className="h-4 w-6 shrink-0 rounded-sm object-cover ring-1 ring-black/15"
    />
  );
}
