import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { PackagePurchaseForm } from './package-purchase-form';
import { PackageUsage } from './package-usage';
import { PurchaseRecordsTable } from './purchase-records-table';
import { TrafficAlarmSettings } from './traffic-alarm-form';
import { fetchRemainingTraffic, TRAFFIC_QUERY_KEYS } from './traffic-package.api';
import './traffic-package-texts';

/** The panel's tabs; the first one is shown when the page opens. */
export const TRAFFIC_PACKAGE_TABS = ['buy', 'usage', 'records', 'alarm'] as const;
export type TrafficPackageTab = (typeof TRAFFIC_PACKAGE_TABS)[number];

/** Props of {@link TrafficPackagePanel}. */
export interface TrafficPackagePanelProps {
  /** The tab shown first (`buy` by default). */
  defaultTab?: TrafficPackageTab;
}

/**
 * The traffic package page of SPEC §2 as a panel for the two traffic proxy pages: purchase (with
 * the custom contact), usage, purchase records and the low-traffic alert, with the package traffic
 * left in the header. Each tab loads its data when first opened. Hook: `traffic-package`.
 */
export const TrafficPackagePanel = ({ defaultTab = 'buy' }: TrafficPackagePanelProps = {}) => {
  const { t } = useTranslation();
  const remaining = useQuery({
    queryKey: TRAFFIC_QUERY_KEYS.remaining,
    queryFn: ({ signal }) => fetchRemainingTraffic(signal),
  });

  const content: Record<TrafficPackageTab, () => ReactNode> = {
    buy: () => <PackagePurchaseForm />,
    usage: () => <PackageUsage />,
    records: () => <PurchaseRecordsTable />,
    alarm: () => <TrafficAlarmSettings />,
  };

  return (
    <Card
      title={t('trafficPackage.title')}
      data-testid="traffic-package"
      styles={{ header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 } }}
      extra={
        remaining.data ? (
          <Tag
            color="blue"
            style={{ margin: 0, whiteSpace: 'normal' }}
            data-testid="traffic-package-remaining"
          >
            {t('trafficPackage.remaining', { gb: remaining.data.gb })}
          </Tag>
        ) : null
      }
    >
      <LabelledTabs
        defaultActiveKey={defaultTab}
        items={TRAFFIC_PACKAGE_TABS.map((key) => ({
          key,
          label: <span data-testid={`traffic-package-tab-${key}`}>{t(`trafficPackage.tab.${key}`)}</span>,
          children: content[key](),
        }))}
      />
    </Card>
  );
};
