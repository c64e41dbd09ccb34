import type { ProxyFamily } from '@ptc/contracts';
import { Flex, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LabelledTabs } from '../../shared/ui/labelled-tabs';
import { PREFILL_PARAMS } from '../new-user-guide/guide-prefill';
import type { GeneratorProps } from '../proxy-generators';
import { ProxyList, refreshProxyList } from '../proxy-list';
import { TrafficPackagePanel } from '../traffic-package';

/** The query parameter of the tab shown above the list of a traffic page (`?tab=package`). */
const TAB_PARAM = 'tab';
const TABS = ['generate', 'package'] as const;
type PageTab = (typeof TABS)[number];

/** Props of {@link ProxyPage}. */
export interface ProxyPageProps {
  family: ProxyFamily;
  /** Locale key of the page title (the route's title). */
  titleKey: string;
  /** The family's generator panel. */
  Generator: ComponentType<GeneratorProps>;
  /** The traffic families also show the traffic package panel, in a tab beside the generator. */
  hasTrafficPackage?: boolean;
}

/**
 * A proxy page of SPEC §2: the family's generator above its proxy list, which reloads after each
 * generation; the two traffic pages put the traffic package panel in a second tab.
 */
export const ProxyPage = ({ family, titleKey, Generator, hasTrafficPackage = false }: ProxyPageProps) => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(TAB_PARAM);
  const tab: PageTab = TABS.find((candidate) => candidate === requested) ?? 'generate';
  // A new recommendation of the new-user guide on this same page starts the form anew with it.
  const generator = (
    <Generator
      key={searchParams.get(PREFILL_PARAMS.answers) ?? ''}
      onGenerated={() => void refreshProxyList(family)}
    />
  );

  const showTab = (next: string) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'generate') params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  return (
    <Flex vertical gap={16} data-testid={`proxy-page-${family}`} style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      {hasTrafficPackage ? (
        <LabelledTabs
          activeKey={tab}
          onChange={showTab}
          items={[
            {
              key: 'generate',
              label: <span data-testid="proxy-page-tab-generate">{t('proxies.page.generate')}</span>,
              children: generator,
            },
            {
              key: 'package',
              label: <span data-testid="proxy-page-tab-package">{t('proxies.page.trafficPackage')}</span>,
              children: <TrafficPackagePanel />,
            },
          ]}
          style={{ minWidth: 0 }}
        />
      ) : (
        generator
      )}
      <ProxyList family={family} />
    </Flex>
  );
};
