const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export const localDate = (at: Date, tz: string): string => {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(tz, format);
  }
  return format.format(at);
};

/** Adds days to a calendar date (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The `count` calendar dates ending with `last`, oldest first. */
export const datesEndingWith = (last: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => addDays(last, index - count + 1));
