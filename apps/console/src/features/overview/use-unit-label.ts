import { useCallback } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import './overview-texts';
import type { ByteUnit, UnitLabel } from './traffic-series';

/** Byte units as written in the interface language ("ГБ" in Russian). */
export const useUnitLabel = (): UnitLabel => {
  const { t } = useTranslation();
  return useCallback((unit: ByteUnit) => t(`overview.unit.${unit}`), [t]);
};
