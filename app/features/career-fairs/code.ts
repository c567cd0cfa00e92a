/**
 * A ticket's short code: 8 characters of Crockford's base 32 (digits and letters without I, L, O and
 * U), 40 random bits. A guess matches one of a thousand tickets once in a billion tries, and the door
 * is staff's alone, rate limited. Typed codes are read as Crockford says: any case, hyphens and spaces
 * ignored, O read as 0, and I and L as 1, so what is misread on a phone's screen still checks in.
 */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 8;

/** A new code from `CODE_LENGTH` random bytes (32 divides 256, so each character is equally likely). */
export function ticketCode(randomBytes: (n: number) => Uint8Array): string {
  return Array.from(randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b % 32]).join("");
}

/** The code as stored, from what was typed or scanned; null when it cannot be one. */
export function normaliseCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** "7K2M-Q9XD": two groups of four, as the ticket shows it. */
export const shownCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
