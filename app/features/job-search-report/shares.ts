/** A share in per cent to one decimal place; a share too small to show as 0.1 still says it is not none. */
export function percentOf(n: number, total: number): number | string {
  const share = total > 0 ? Math.round((n / total) * 1000) / 10 : 0;
  return share === 0 && n > 0 ? "less than 0.1" : share;
}
