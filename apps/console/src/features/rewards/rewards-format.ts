import { formatPtc, REWARDS } from '@ptc/contracts';

/** A wire amount without trailing zeros: `0.010000` → `0.01`, `1.000000` → `1`. */
export const trimPtc = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** The UTC day `days` after `day` (`YYYY-MM-DD`). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the survey and a bound phone credit (SPEC §9), as the texts show it. */
export const SURVEY_AMOUNT = trimPtc(formatPtc(REWARDS.SURVEY_BIND_PHONE, 6));
