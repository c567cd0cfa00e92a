import { remembered } from "./remembered";

// One formatter a currency and precision, made once: building one per amount cost the job lists a
// few tenths of a millisecond a card.
const FORMATS = new Map<string, Intl.NumberFormat>();

// Amounts a page writes again and again (job lists repeat their salaries), written once each.
const written = remembered((amount: number, currency: string) => `${currency}:${amount}`, writeMoney);

/** "£56,000", "£12.50", "€40,000": whole amounts without pence, others to the penny. */
export function money(amount: number, currency: string): string {
  return written(amount, currency);
}

function writeMoney(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const key = `${currency}:${digits}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
    FORMATS.set(key, format);
  }
  return format.format(amount);
}

/** An amount in pounds sterling, as `money` writes it: "£41,700", "£12.50". */
export const pounds = (amount: number) => money(amount, "GBP");
