/**
 * Route names: one spelling per route, decided here for the importer and the route filter alike.
 *
 * The register is typed by hand at the Home Office and has spelt one route two ways: the register
 * of 2021-11-02 lists Specsavers UK Ltd under both "Intra-company Routes" and the route's old name
 * "Intra Company Transfers (ICT)". A file may also change the capitals, spacing or hyphens of a
 * name ("Skilled worker", "Intra Company Routes").
 *
 * Not merged, though they look alike: "Religious Worker" and "Religious Workers". In the 2021
 * register every "Religious Worker" line is a Temporary Worker licence and every "Religious
 * Workers" line a Worker licence (824 organisations hold both): they are two routes.
 */

/**
 * Route names as the register writes them. Sources: the register of 2021-11-02 and the sample of
 * the one of 2026-06-26 (seed-data/uk-sponsor-register), and, for the Global Business Mobility
 * routes and Scale-up not in those files, the route names of the Immigration Rules (Appendix Global
 * Business Mobility, Appendix Scale-up) in the register's "Global Business Mobility: …" form.
 * Checked 2026-11-23.
 */
const ROUTE_NAMES = [
  "Charity Worker",
  "Creative Worker",
  "Global Business Mobility: Graduate Trainee",
  "Global Business Mobility: Secondment Worker",
  "Global Business Mobility: Senior or Specialist Worker",
  "Global Business Mobility: Service Supplier",
  "Global Business Mobility: UK Expansion Worker",
  "Government Authorised Exchange",
  "International Agreement",
  "International Sportsperson",
  "Intra-company Routes",
  "Religious Worker",
  "Religious Workers",
  "Scale-up",
  "Seasonal Worker",
  "Skilled Worker",
  "Tier 2 Ministers of Religion",
];

/** Old names the register still uses for a route, by key (see routeKey). */
const RENAMED: Record<string, string> = {
  // The intra-company transfer is one of the Intra-company Routes since 1 December 2020.
  "intra company transfers ict": "Intra-company Routes",
};

/** What two spellings of one route share: lower case, punctuation and runs of spaces as one space. */
const routeKey = (route: string) =>
  route
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const KNOWN = new Map([...ROUTE_NAMES.map((r) => [routeKey(r), r] as const), ...Object.entries(RENAMED)]);

/** The register's spelling of a known route; any other name as it was written. */
export function canonicalRoute(route: string): string {
  return KNOWN.get(routeKey(route)) ?? route;
}

/**
 * The spelling of each route within one register: a known route's own, and for a route not known
 * here the first spelling the file uses, so that its other spellings are still shown once.
 */
export class RouteSpellings {
  private seen = new Map<string, string>();

  of(route: string): string {
    const key = routeKey(route);
    const known = KNOWN.get(key);
    if (known) return known;
    let first = this.seen.get(key);
    if (!first) this.seen.set(key, (first = route));
    return first;
  }
}
