/** The hourly usage buckets as other modules read them (the overview's charts and totals). */
export { sumUsageByHour, sumUsageByLocalDay, type UsageTotals } from './usage.repository';
