const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US');

/** '$1,234.56', or '—' when there is nothing to show. */
export const money = (value: number | null) => (value === null ? '—' : usd.format(value));
/** '42%' (one decimal under 10 %), or '—'. */
export const percent = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
/**
 * Bookings per call as bookings per 100 calls ('50', '8.3', '200'), or '—': not a percentage, as one call can
 * book several visits (ADR 057).
 */
export const perHundred = (ratio: number | null) =>
  ratio === null ? '—' : whole.format(Number((ratio * 100).toFixed(ratio > 0 && ratio < 0.1 ? 1 : 0)));
export const count = (value: number) => whole.format(value);
/** '1 booking', '3 bookings'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
