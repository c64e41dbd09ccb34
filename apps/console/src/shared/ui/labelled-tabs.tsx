import { Button, Flex, Tabs, type TabsProps } from 'antd';
import { type Key, useState } from 'react';
import { useIsMobile } from './use-is-mobile';

/** Props of {@link LabelledTabs}: antd's tabs, given as `items`. */
export type LabelledTabsProps = Omit<TabsProps, 'renderTabBar' | 'more'>;

/**
 * antd's tabs, except that on phones (below 992 px) the tab bar wraps into rows of buttons, each
 * with its full label: antd would hide the tabs that do not fit behind an unlabelled "⋯", which
 * long Russian labels at 390 px always trigger.
 */
export const LabelledTabs = ({
  items = [],
  activeKey,
  defaultActiveKey,
  onChange,
  ...rest
}: LabelledTabsProps) => {
  const isMobile = useIsMobile();
  const [ownKey, setOwnKey] = useState(() => defaultActiveKey ?? items[0]?.key);
  const currentKey = activeKey ?? ownKey;
  const select = (key: string) => {
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const wrappingBar = () => (
    <Flex role="tablist" wrap gap={8} style={{ marginBottom: 16 }}>
      {items.map((item) => {
        const isActive = item.key === currentKey;
        return (
          <Button
            key={item.key as Key}
            role="tab"
            aria-selected={isActive}
            type={isActive ? 'primary' : 'default'}
            ghost={isActive}
            disabled={item.disabled}
            onClick={() => select(item.key)}
            style={{
              height: 'auto',
              minHeight: 32,
              whiteSpace: 'normal',
              textAlign: 'start',
              maxWidth: '100%',
            }}
          >
            {item.label}
          </Button>
        );
      })}
    </Flex>
  );

  return (
    <Tabs
      {...rest}
      items={items}
      activeKey={currentKey}
      onChange={select}
      {...(isMobile ? { renderTabBar: wrappingBar } : {})}
    />
  );
};
