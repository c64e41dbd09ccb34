import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import {
  COST_RANGE_LIMITS,
  type CostRangeError,
  isOutsidePickable,
  type RangeShortcut,
  SHORTCUTS,
  shortcutRange,
} from './cost-ranges';
import type { CostPeriod } from './overview.api';

/** A range being picked: either end may still be empty. */
export type PickedRange = readonly [Dayjs | null, Dayjs | null] | null;

/** Props of {@link CostRangeField}. */
export interface CostRangeFieldProps {
  period: CostPeriod;
  value: PickedRange;
  onChange: (value: PickedRange) => void;
  error: CostRangeError | null;
  /** Below 992 px: two single pickers and a shortcut list, as a two-month range panel is too wide. */
  isMobile: boolean;
}

const FORMATS: Readonly<Record<CostPeriod, string>> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/**
 * The date-range (per day) or month-range (per month) picker of the cost summary with the
 * shortcuts of SPEC §2. Future dates and ranges longer than the server answers cannot be picked.
 * Hooks: `overview-cost-range`, `overview-cost-range-error`.
 */
export const CostRangeField = ({ period, value, onChange, error, isMobile }: CostRangeFieldProps) => {
  const { t } = useTranslation();
  const today = useMemo(() => dayjs().startOf('day'), []);
  const picker = period === 'month' ? 'month' : 'date';
  const shortcuts = SHORTCUTS[period];
  const label = t(period === 'day' ? 'overview.cost.dateRange' : 'overview.cost.monthRange');
  const errorText = error
    ? t(`overview.cost.range.${error === 'order' ? 'order' : `${error}.${period}`}`, {
        limit: COST_RANGE_LIMITS[period],
      })
    : null;
  const [start, end] = value ?? [null, null];

  const field = isMobile ? (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Select<RangeShortcut>
        placeholder={label}
        aria-label={label}
        value={shortcuts.find((shortcut) => {
          const range = shortcutRange(shortcut, period, today);
          return start?.isSame(range[0], period) && end?.isSame(range[1], period);
        })}
        options={shortcuts.map((shortcut) => ({
          value: shortcut,
          label: t(`overview.cost.shortcut.${shortcut}`),
        }))}
        onChange={(shortcut) => onChange(shortcutRange(shortcut, period, today))}
        data-testid="overview-cost-shortcut"
      />
      <Flex gap={8} align="center">
        <DatePicker
          picker={picker}
          value={start}
          format={FORMATS[period]}
          inputReadOnly
          status={errorText ? 'error' : undefined}
          disabledDate={(date) => isOutsidePickable(period, date, today, end)}
          onChange={(date: Dayjs | null) => onChange([date, end])}
          style={{ flex: 1, minWidth: 0 }}
        />
        <span aria-hidden>–</span>
        <DatePicker
          picker={picker}
          value={end}
          format={FORMATS[period]}
          inputReadOnly
          status={errorText ? 'error' : undefined}
          disabledDate={(date) => isOutsidePickable(period, date, today, start)}
          onChange={(date: Dayjs | null) => onChange([start, date])}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Flex>
    </Flex>
  ) : (
    <DatePicker.RangePicker
      picker={picker}
      value={value ? [start, end] : null}
      format={FORMATS[period]}
      status={errorText ? 'error' : undefined}
      aria-label={label}
      presets={shortcuts.map((shortcut) => ({
        label: t(`overview.cost.shortcut.${shortcut}`),
        value: [...shortcutRange(shortcut, period, today)] as [Dayjs, Dayjs],
      }))}
      disabledDate={(date, info) => isOutsidePickable(period, date, today, info.from)}
      onChange={(dates) => onChange(dates ? [dates[0] ?? null, dates[1] ?? null] : null)}
    />
  );

  return (
    <Flex vertical gap={4} data-testid="overview-cost-range" style={isMobile ? { width: '100%' } : undefined}>
      {field}
      {errorText ? (
        <Typography.Text type="danger" data-testid="overview-cost-range-error">
          {errorText}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};
