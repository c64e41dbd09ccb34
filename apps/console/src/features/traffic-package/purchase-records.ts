import type { TrafficPool, TrafficPoolQuery } from './traffic-package.api';

/** The record filters of `GET /proxy/traffic/pool`. */
export const RECORD_STATES = ['all', 'usable', 'used_up', 'expired'] as const;
export type RecordFilterState = (typeof RECORD_STATES)[number];
/** The state of one record. */
export type RecordState = Exclude<RecordFilterState, 'all'>;

/** First page size of the records (the server allows up to 100). */
export const RECORDS_PAGE_SIZE = 10;

/** The records table's filter and page. */
export interface RecordsFilter {
  state: RecordFilterState;
  page: number;
  pageSize: number;
}

/** The query of a filter. */
export const toPoolQuery = (filter: RecordsFilter): TrafficPoolQuery => ({
  page: filter.page,
  page_size: filter.pageSize,
  state: filter.state,
});

/**
 * What a record is now: expired once past its expiry (the server then reports nothing left, so a
 * package used up before it expired shows as expired too), used up when nothing is left, usable
 * otherwise.
 */
export const recordState = (record: TrafficPool, now: Date): RecordState => {
  if (record.expire_time !== null && Date.parse(record.expire_time) <= now.getTime()) return 'expired';
  return /^0*$/.test(record.remaining_bytes) ? 'used_up' : 'usable';
};
