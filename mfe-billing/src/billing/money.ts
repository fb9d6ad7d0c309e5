// How billing writes its amounts (its months: formatMonth of the shared dates).

/** "€1,234.50": whole cents in the invoice's currency, as the host's browser writes money. */
export const formatMoney = (cents: number, currency: string): string =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
