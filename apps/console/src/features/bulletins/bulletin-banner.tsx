import { useQuery } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';
import { getLocale } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from '../../shared/store/create-store';
import { bulletinListStore, closeBulletin, shownIds, syncBulletins } from './bulletin-list';
import { bulletinsQueryKey, listBulletins, markBulletin } from './bulletins.api';
import './bulletin-texts';

/** How long a loaded list of bulletins is used before it is asked again (on focus, navigation). */
const STALE_MS = 5 * 60_000;

const publishedAt = (iso: string, locale: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * The bulletins the customer has not closed, above the page, in their language (SPEC §4): the
 * server's list in force is merged into this browser's `bulletin-list` (`syncBulletins`), each
 * shown bulletin is marked read on the server once, and closing one hides it here and records it on
 * the server, so that it stays closed after a reload and on other devices. Renders nothing (and
 * loads no more styles) while there is nothing to show.
 */
export const BulletinBanner = () => {
  const { t } = useTranslation();
  const locale = getLocale();
  const bulletins = useQuery({
    queryKey: bulletinsQueryKey(locale),
    queryFn: ({ signal }) => listBulletins(signal),
    staleTime: STALE_MS,
    retry: false,
  });
  const state = useStore(bulletinListStore);
  const served = bulletins.data?.list;

  useEffect(() => {
    if (served) syncBulletins(served);
  }, [served]);

  const shown = useMemo(() => {
    if (!served) return [];
    const ids = new Set(shownIds(state, served));
    return served.filter((item) => ids.has(item.id));
  }, [served, state]);

  // Each bulletin shown is marked read on the server once per page load.
  const markedRead = useRef(new Set<string>());
  useEffect(() => {
    for (const item of shown) {
      if (item.read || markedRead.current.has(item.id)) continue;
      markedRead.current.add(item.id);
      void markBulletin(item.id, 'read').catch(() => undefined);
    }
  }, [shown]);

  // The alerts' styles are not among the overview's: fetched only when a bulletin is to show.
  const [stylesReady, setStylesReady] = useState(false);
  const hasShown = shown.length > 0;
  useEffect(() => {
    if (!hasShown || stylesReady) return;
    let isCurrent = true;
    void loadAntdStyles('all').then(() => {
      if (isCurrent) setStylesReady(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [hasShown, stylesReady]);

  if (!hasShown || !stylesReady) return null;
  return (
    <Flex
      vertical
      gap={8}
      role="region"
      aria-label={t('bulletins.region')}
      style={{ marginBottom: 12, minWidth: 0 }}
      data-testid="bulletins"
    >
      {shown.map((item) => (
        <Alert
          key={item.id}
          type="info"
          showIcon
          data-testid="bulletin"
          data-bulletin-id={item.id}
          title={
            <span lang={item.lang} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </span>
          }
          description={
            <Flex vertical gap={4}>
              <span lang={item.lang} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.body}
              </span>
              <span style={{ opacity: 0.65, fontSize: 12 }}>
                {t('bulletins.publishedAt', { time: publishedAt(item.published_at, locale) })}
              </span>
            </Flex>
          }
          closable={{
            'aria-label': t('bulletins.close'),
            onClose: () => {
              closeBulletin(item.id);
              void markBulletin(item.id, 'close').catch(() => undefined);
            },
          }}
        />
      ))}
    </Flex>
  );
};
