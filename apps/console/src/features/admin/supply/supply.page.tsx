import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useOperator } from '../customers/use-operator';
import { AddExitsForm } from './exit-form';
import { ExitsTable } from './exits-table';
import { InventoryImport } from './inventory-import';
import { canOperatorRunSupply } from './supply-display';
import { SupplyOverview } from './supply-overview';
import '../admin-texts';

/** The tabs of the supply page; the owner's tabs change the supply. */
const TABS = ['overview', 'exits', 'add', 'import'] as const;
type SupplyTab = (typeof TABS)[number];
const OWNER_TABS: readonly SupplyTab[] = ['add', 'import'];

/**
 * `/admin/supply` (owner, finance, support read it): the overview with the demo supply switch and
 * the static inventory, the exits with their health and row actions, and for the owner the form
 * adding exits and the inventory import. The tab is kept in the address (`?tab=exits`).
 */
const SupplyPage = () => {
  const { t } = useTranslation();
  const role = useOperator()?.role;
  const [searchParams, setSearchParams] = useSearchParams();
  const canChange = canOperatorRunSupply(role, 'change');
  const tabs = TABS.filter((tab) => canChange || !OWNER_TABS.includes(tab));
  const asked = searchParams.get('tab');
  const active = tabs.find((tab) => tab === asked) ?? 'overview';

  const content: Record<SupplyTab, () => ReactNode> = {
    overview: () => <SupplyOverview role={role} />,
    exits: () => <ExitsTable role={role} />,
    add: () => <AddExitsForm />,
    import: () => <InventoryImport />,
  };

  return (
    <Card title={t('admin.menu.supply')} style={{ minWidth: 0 }} data-testid="admin-supply-page">
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
        items={tabs.map((tab) => ({
          key: tab,
          label: <span data-testid={`admin-supply-tab-${tab}`}>{t(`admin.supply.tab.${tab}`)}</span>,
          children: content[tab](),
        }))}
      />
    </Card>
  );
};

export default SupplyPage;
