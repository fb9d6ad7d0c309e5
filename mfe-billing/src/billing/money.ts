/** "€1,234.50": whole cents in the invoice's currency, as the host's browser writes money. */
export const formatMoney = (cents: number, currency: string): string =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
