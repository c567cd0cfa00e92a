import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

// Offline IP-to-country look-up over the CC0 "geo-whois-asn-country" ranges (an npm package),
// loaded on first use: about 330,000 IPv4 and 220,000 IPv6 ranges, searched by bisection.

type Ranges<T> = { starts: T; ends: T; codes: string[] };

const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, "ipv6");

function dataFile(name: string): string {
  const pkg = createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country/package.json");
  return path.join(path.dirname(pkg), name);
}

function readCsv(name: string): [string, string, string][] {
  return fs
    .readFileSync(dataFile(name), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(",") as [string, string, string]);
}

let v4: Ranges<Uint32Array> | undefined;
let v6: Ranges<BigUint64Array[]> | undefined;

function loadV4(): Ranges<Uint32Array> {
  const rows = readCsv("geo-whois-asn-country-ipv4-num.csv");
  const starts = new Uint32Array(rows.length);
  const ends = new Uint32Array(rows.length);
  rows.forEach(([s, e], i) => {
    starts[i] = Number(s);
    ends[i] = Number(e);
  });
  return { starts, ends, codes: rows.map((r) => r[2].trim()) };
}

const MASK64 = (1n << 64n) - 1n;

function loadV6(): Ranges<BigUint64Array[]> {
  const rows = readCsv("geo-whois-asn-country-ipv6-num.csv");
  const split = (column: 0 | 1) => {
    const hi = new BigUint64Array(rows.length);
    const lo = new BigUint64Array(rows.length);
    rows.forEach((r, i) => {
      const n = BigInt(r[column]);
      hi[i] = n >> 64n;
      lo[i] = n & MASK64;
    });
    return [hi, lo];
  };
  return { starts: split(0), ends: split(1), codes: rows.map((r) => r[2].trim()) };
}

/** The index of the last range starting at or before the address, or -1. */
function bisect(count: number, startsAfter: (i: number) => boolean): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (startsAfter(mid)) hi = mid - 1;
    else {
      found = mid;
      lo = mid + 1;
    }
  }
  return found;
}

function ipv4ToNumber(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv6ToBigInt(ip: string): bigint {
  const [head = "", tail = ""] = ip.split("::");
  const expand = (s: string) => (s ? s.split(":") : []);
  let groups = [...expand(head), ...expand(tail)];
  const last = groups.at(-1);
  if (last?.includes(".")) {
    const n = ipv4ToNumber(last);
    groups = [...groups.slice(0, -1), (n >>> 16).toString(16), (n & 0xffff).toString(16)];
  }
  const missing = 8 - groups.length;
  const full = ip.includes("::")
    ? [...expand(head), ...Array(missing).fill("0"), ...groups.slice(expand(head).length)]
    : groups;
  return full.reduce((n, g) => (n << 16n) + BigInt(parseInt(g, 16)), 0n);
}

/** The ISO alpha-2 country of a public address, or null (private, loopback, unknown or not an address). */
export function countryOfIp(rawIp: string): string | null {
  let ip = rawIp.trim();
  if (ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7))) ip = ip.slice(7);
  const family = net.isIP(ip);
  if (family === 0) return null;
  if (NOT_PUBLIC.check(ip, family === 4 ? "ipv4" : "ipv6")) return null;
  if (family === 4) {
    v4 ??= loadV4();
    const { starts, ends, codes } = v4;
    const n = ipv4ToNumber(ip);
    const i = bisect(starts.length, (k) => starts[k]! > n);
    return i >= 0 && ends[i]! >= n ? (codes[i] ?? null) : null;
  }
  v6 ??= loadV6();
  const { starts, ends, codes } = v6;
  const n = ipv6ToBigInt(ip);
  const [hi, lo] = [n >> 64n, n & MASK64];
  const [sHi, sLo] = starts as [BigUint64Array, BigUint64Array];
  const [eHi, eLo] = ends as [BigUint64Array, BigUint64Array];
  const i = bisect(sHi.length, (k) => sHi[k]! > hi || (sHi[k] === hi && sLo[k]! > lo));
  if (i < 0) return null;
  const endsAfter = eHi[i]! > hi || (eHi[i] === hi && eLo[i]! >= lo);
  return endsAfter ? (codes[i] ?? null) : null;
}
