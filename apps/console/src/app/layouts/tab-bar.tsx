import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createStore, useStore } from '../../shared/store/create-store';
import type { ResolvedRoute } from '../navigation/route-tree';

interface VisitedTab {
  /** Pathname and query of the visit. */
  key: string;
  titleKey: string;
}

/** Pages visited in this session, in visiting order (kept across layout re-mounts). */
const visitedStore = createStore<VisitedTab[]>([]);

/** Most tabs kept; the oldest one is dropped first. */
const MAX_TABS = 12;

/** The tab bar of visited pages (settings drawer: tab bar on). */
export const TabBar = ({ current }: { current: ResolvedRoute | undefined }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = useStore(visitedStore);
  const activeKey = `${location.pathname}${location.search}`;
  const titleKey = current?.route.titleKey;

  useEffect(() => {
    if (!titleKey) return;
    visitedStore.set((previous) =>
      previous.some((tab) => tab.key === activeKey)
        ? previous
        : [...previous, { key: activeKey, titleKey }].slice(-MAX_TABS),
    );
  }, [activeKey, titleKey]);

  const close = (key: string) => {
    const remaining = visitedStore.get().filter((tab) => tab.key !== key);
    visitedStore.set(remaining);
    const last = remaining.at(-1);
    if (key === activeKey && last) void navigate(last.key);
  };

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={(key) => void navigate(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
      items={tabs.map((tab) => ({ key: tab.key, label: t(tab.titleKey), closable: tabs.length > 1 }))}
      style={{ marginBottom: 0 }}
    />
  );
};
