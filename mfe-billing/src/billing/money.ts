// How billing writes its amounts and months.

/** "€1,234.50": whole cents in the invoice's currency, as the host's browser writes money. */
export const formatMoney = (cents: number, currency: string): string =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** "October 2026" for an invoice's period (`2026-10`), the way a host names a month they paid. */
export function formatPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return monthFormat.format(new Date(year, month - 1, 1)).replace(/ /g, '\u00a0');
}
