import type { chargeRecordSchema, chargeRecordsQuerySchema, chargeRecordsSchema } from '@ptc/contracts';
import type { Dayjs } from 'dayjs';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';

/** One billing record (SPEC §3): order ID, bill, note, time, price, value, free/bonus, total. */
export type ChargeRecord = ResponseOf<typeof chargeRecordSchema>;
/** A page of billing records. */
export type ChargeRecords = ResponseOf<typeof chargeRecordsSchema>;
/** Query of `GET /proxy/charges/records`. */
export type ChargeRecordsQuery = RequestOf<typeof chargeRecordsQuerySchema>;

/** Records per page at first. */
export const RECORDS_PAGE_SIZE = 10;

/** A range of days, both ends included, as the date-range picker gives it. */
export type DayRange = readonly [Dayjs, Dayjs];

/** What the records table asks for. */
export interface RecordsFilter {
  page: number;
  pageSize: number;
  range: DayRange | null;
}

/**
 * The query of a records page: the range covers whole days in the browser's time zone,
 * from the start of the first to the end of the last, as ISO date-times.
 */
export const toRecordsQuery = ({ page, pageSize, range }: RecordsFilter): ChargeRecordsQuery => ({
  page,
  page_size: pageSize,
  ...(range
    ? { start: range[0].startOf('day').toISOString(), end: range[1].endOf('day').toISOString() }
    : {}),
});

/** The last `days` days up to today, today included (the picker's shortcuts). */
export const lastDays = (days: number, today: Dayjs): DayRange => [
  today.subtract(days - 1, 'day').startOf('day'),
  today.endOf('day'),
];
