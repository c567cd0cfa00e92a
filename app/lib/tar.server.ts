/**
 * The few regular files of a backup as one POSIX (ustar) tar, in memory, so that `tar -tzf` lists a
 * backup and `tar -xzf` unpacks it. Only what a backup needs: regular files, names up to 100 bytes,
 * sizes up to 8 GiB. The reader refuses anything else, as a damaged or foreign file.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export type TarEntry = { name: string; data: Uint8Array; mode?: number; mtime?: Date };

export class TarError extends Error {}

function octal(header: Buffer, offset: number, length: number, value: number) {
  header.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "ascii");
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function headerOf(entry: TarEntry): Buffer {
  const name = Buffer.from(entry.name, "utf8");
  if (name.length === 0 || name.length > 100)
    throw new TarError(`a tar entry's name must be 1 to 100 bytes: ${entry.name}`);
  if (entry.data.length > MAX_SIZE) throw new TarError(`${entry.name} is over 8 GiB`);
  const header = Buffer.alloc(BLOCK);
  name.copy(header, 0);
  octal(header, 100, 8, entry.mode ?? 0o600);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, entry.data.length);
  octal(header, 136, 12, Math.floor((entry.mtime ?? new Date()).getTime() / 1000));
  header.write("0", 156, "ascii");
  header.write("ustar\u000000", 257, "ascii");
  octal(header, 148, 7, checksum(header));
  header.write(" ", 155, "ascii");
  return header;
}

/** The entries as the pieces of one tar, ending with its two empty blocks, the files' data not copied. */
export function tarPieces(entries: TarEntry[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (const entry of entries) {
    pieces.push(headerOf(entry), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) pieces.push(Buffer.alloc(pad));
  }
  pieces.push(Buffer.alloc(2 * BLOCK));
  return pieces;
}

/** The entries as one tar. */
export function tar(entries: TarEntry[]): Buffer {
  return Buffer.concat(tarPieces(entries));
}

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

function number(header: Buffer, offset: number, length: number, what: string): number {
  const text = field(header, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError(`a tar header's ${what} is not a number`);
  return parseInt(text, 8);
}

/** The regular files of a tar made by `tar`; throws TarError on anything damaged, cut short or unexpected. */
export function untar(bytes: Uint8Array): TarEntry[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: TarEntry[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > buffer.length) throw new TarError("the archive ends before its end marker (cut short)");
    const header = buffer.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return entries;
    if (number(header, 148, 8, "checksum") !== checksum(header)) throw new TarError("a tar header is damaged");
    if (field(header, 257, 6) !== "ustar") throw new TarError("not a POSIX tar archive");
    const type = String.fromCharCode(header[156]!);
    const name = field(header, 0, 100);
    if (type !== "0" && type !== "\0") throw new TarError(`${name} is not a regular file`);
    const size = number(header, 124, 12, "size");
    const start = offset + BLOCK;
    if (start + size > buffer.length) throw new TarError(`the archive is cut short inside ${name}`);
    entries.push({
      name,
      data: buffer.subarray(start, start + size),
      mode: number(header, 100, 8, "mode"),
      mtime: new Date(number(header, 136, 12, "time") * 1000),
    });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}
