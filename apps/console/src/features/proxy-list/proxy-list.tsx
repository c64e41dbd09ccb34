import { ReloadOutlined } from '@ant-design/icons';
import type { ProxyFamily, ProxyRow } from '@ptc/contracts';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Card, Flex, Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { LazyTopDomainsDialog } from '../domain-usage/lazy-top-domains-dialog';
import { BatchActions } from './batch-actions';
import { shownColumns, useColumnChoice } from './column-choice';
import { ColumnChooser } from './column-chooser';
import { ConnectDialog } from './connect-dialog';
import { CopyDialog } from './copy-dialog';
import { pagePath } from './page-path';
import { ProxyCards } from './proxy-cards';
import { buildColumns, columnsWidth } from './proxy-columns';
import { formatTime } from './proxy-display';
import { isPrepaidRow, SWITCH_OFF, SWITCH_ON } from './proxy-family';
import {
  INITIAL_VIEW,
  type ListView,
  PAGE_SIZES,
  type ProxyFilters,
  type SortField,
  toListQuery,
} from './proxy-filters';
import { ProxyFiltersForm } from './proxy-filters-form';
import {
  deleteProxy,
  fetchProxyPage,
  PROXY_LIST_QUERY_KEYS,
  type ProxyPage,
  setAutoRenew,
  switchProxy,
  toggleRotation,
} from './proxy-list.api';
import { QrCodeDialog } from './qr-code-dialog';
import { RemarkDialog } from './remark-dialog';
import { RenewDialog } from './renew-dialog';
import { ReplaceDialog } from './replace-dialog';
import type { RowDialog, RowHandlers } from './row-actions';
import { SpeedTestDialog } from './speed-test-dialog';
import './proxies-texts';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useFeedback } from '../../shared/ui/feedback';

/** Pages larger than this render only the rows in view (smooth with 200 rows of many columns). */
const VIRTUAL_FROM = 50;
const VIRTUAL_HEIGHT = 640;
const SORT_FIELDS: readonly SortField[] = ['create_time', 'expire_time', 'traffic_used'];

/** Puts a proxy as the server answered it into every cached page of its family, and into the selection. */
const replaceRow = (client: QueryClient, family: ProxyFamily, row: ProxyRow) =>
  client.setQueriesData<ProxyPage>({ queryKey: PROXY_LIST_QUERY_KEYS.family(family) }, (page) =>
    page && Array.isArray(page.data)
      ? { ...page, data: page.data.map((current) => (current.id === row.id ? row : current)) }
      : page,
  );

/**
 * The proxy list of a family (SPEC §2): the filters, server-side pages and sorting, status tags,
 * the row actions and their dialogs, the selection with its batch actions and the export. E2E hooks:
 * `proxy-list` around the table, whose rows carry `data-row-key` = the proxy id.
 */
export const ProxyList = ({ family }: { family: ProxyFamily }) => {
  const { t, i18n } = useTranslation();
  const { message, modal } = useFeedback();
  const isMobile = useIsMobile();
  const [view, setView] = useState<ListView>(INITIAL_VIEW);
  const [selection, setSelection] = useState<ReadonlyMap<string, ProxyRow>>(new Map());
  const [dialog, setDialog] = useState<{ kind: RowDialog; row: ProxyRow } | null>(null);
  const query = useMemo(() => toListQuery(view), [view]);
  const page = useQuery({
    queryKey: PROXY_LIST_QUERY_KEYS.page(family, query),
    queryFn: ({ signal }) => fetchProxyPage(family, query, signal),
    placeholderData: keepPreviousData,
  });

  const client = useQueryClient();
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: PROXY_LIST_QUERY_KEYS.family(family) }),
    [client, family],
  );
  const clearSelection = useCallback(() => setSelection(new Map()), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const updateRow = useCallback(
    (row: ProxyRow) => {
      replaceRow(client, family, row);
      setSelection((previous) => (previous.has(row.id) ? new Map(previous).set(row.id, row) : previous));
    },
    [client, family],
  );

  const handlers = useMemo<RowHandlers>(
    () => ({
      open: (kind, row) => setDialog({ kind, row }),
      useExtension: () => void navigateTo(pagePath('browserExtension')),
      setSwitch: async (row, isOn) => {
        updateRow(await switchProxy(row.id, isOn ? SWITCH_ON : SWITCH_OFF));
        void message.success({
          content: t(isOn ? 'proxies.switch.switchedOn' : 'proxies.switch.switchedOff', {
            username: row.username,
          }),
          key: `proxy-switch-${row.id}`,
        });
      },
      setRotation: async (row, isOn) => {
        if (row.rotation === isOn) return;
        updateRow(await toggleRotation(row.id));
      },
      setAutoRenew: async (row, isOn) => updateRow(await setAutoRenew(row.id, isOn)),
      remove: (row) =>
        void modal.confirm({
          title: t('proxies.delete.confirm'),
          // A prepaid proxy still running loses the time paid for: say so before it goes.
          content: isPrepaidRow(family, row)
            ? t('proxies.delete.hintPrepaid', {
                username: row.username,
                time: formatTime(row.expire_time),
              })
            : t('proxies.delete.hint', { username: row.username }),
          okButtonProps: { danger: true, 'data-testid': 'proxy-delete-confirm' } as ButtonProps,
          okText: t('proxies.action.delete'),
          cancelText: t('common.cancel'),
          onOk: async () => {
            try {
              await deleteProxy(row.id);
              void message.success(t('proxies.delete.done'));
              setSelection((previous) => {
                if (!previous.has(row.id)) return previous;
                const next = new Map(previous);
                next.delete(row.id);
                return next;
              });
              refresh();
            } catch {
              // Shown by the API client.
            }
          },
        }),
    }),
    [family, modal, message, t, updateRow, refresh],
  );

  const [chosenColumns, chooseColumns] = useColumnChoice(family);
  const shown = useMemo(() => shownColumns(family, chosenColumns), [family, chosenColumns]);
  // Locations are named through the place-name helper: the list renders again when its city names load.
  const placeNames = usePlaceNames();
  // biome-ignore lint/correctness/useExhaustiveDependencies: placeNames changes when the city names arrive
  const columns = useMemo(
    () => buildColumns({ family, t, locale: i18n.language, isMobile, view, handlers, shown }),
    [family, t, i18n.language, isMobile, view, handlers, shown, placeNames],
  );
  // The essential columns fit the card; chosen ones may make the table scroll sideways inside it.
  const scrollX = useMemo(
    () => (chosenColumns.length > 0 ? columnsWidth(columns) : undefined),
    [chosenColumns.length, columns],
  );
  const isVirtual = !isMobile && view.pageSize > VIRTUAL_FROM;
  const rows = page.data?.data ?? [];

  const applyFilters = (filters: ProxyFilters) => {
    if (filters.deleted !== view.filters.deleted) clearSelection();
    setView((previous) => ({ ...previous, filters, page: 1 }));
  };

  const toggleRow = (row: ProxyRow, isSelected: boolean) =>
    setSelection((previous) => {
      const next = new Map(previous);
      if (isSelected) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });

  const onSelect = (keys: Key[], selectedRows: (ProxyRow | undefined)[]) =>
    setSelection((previous) => {
      const byId = new Map<string, ProxyRow>();
      for (const row of selectedRows) if (row) byId.set(row.id, row);
      const next = new Map<string, ProxyRow>();
      for (const key of keys) {
        const id = String(key);
        const row = byId.get(id) ?? previous.get(id);
        if (row) next.set(id, row);
      }
      return next;
    });

  return (
    <Card
      title={t('proxies.list.title')}
      extra={
        <Flex gap={8}>
          {isMobile ? null : (
            <ColumnChooser family={family} chosen={chosenColumns} onChange={chooseColumns} />
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            loading={page.isFetching}
            aria-label={t('proxies.list.refresh')}
            data-testid="proxy-list-refresh"
          >
            {isMobile ? null : t('proxies.list.refresh')}
          </Button>
        </Flex>
      }
      styles={{ body: { padding: isMobile ? 12 : 24 } }}
      data-testid={`proxy-list-card-${family}`}
    >
      <ProxyFiltersForm family={family} value={view.filters} onChange={applyFilters} isMobile={isMobile} />
      <Flex vertical gap={12}>
        <BatchActions
          family={family}
          selected={[...selection.values()]}
          canChange={!view.filters.deleted}
          onClearSelection={clearSelection}
          onChanged={refresh}
          view={query}
          shownTotal={page.data?.total ?? 0}
        />
        {page.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('proxies.list.failed')}
            action={
              <Button size="small" onClick={() => void page.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        <div data-testid="proxy-list" style={{ minWidth: 0 }}>
          {isMobile ? (
            <ProxyCards
              family={family}
              rows={rows}
              t={t}
              locale={i18n.language}
              handlers={handlers}
              isLoading={page.isFetching}
              emptyText={t(view.filters.deleted ? 'proxies.list.emptyDeleted' : 'proxies.list.empty')}
              selected={view.filters.deleted ? null : new Set(selection.keys())}
              onToggle={toggleRow}
              pagination={{
                current: view.page,
                pageSize: view.pageSize,
                total: page.data?.total ?? 0,
                onChange: (next) => setView((previous) => ({ ...previous, page: next })),
              }}
            />
          ) : (
            <Table<ProxyRow>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={page.isFetching}
              size="middle"
              virtual={isVirtual}
              scroll={isVirtual ? { x: scrollX, y: VIRTUAL_HEIGHT } : scrollX ? { x: scrollX } : undefined}
              rowSelection={
                view.filters.deleted
                  ? undefined
                  : {
                      selectedRowKeys: [...selection.keys()],
                      preserveSelectedRowKeys: true,
                      onChange: onSelect,
                      fixed: scrollX !== undefined,
                      columnWidth: 40,
                    }
              }
              locale={{
                emptyText: t(view.filters.deleted ? 'proxies.list.emptyDeleted' : 'proxies.list.empty'),
              }}
              pagination={{
                current: view.page,
                pageSize: view.pageSize,
                total: page.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('proxies.list.total', { n: total }),
              }}
              onChange={(pagination, _filters, sorter) => {
                const single = (Array.isArray(sorter) ? sorter[0] : sorter) as
                  | SorterResult<ProxyRow>
                  | undefined;
                const field = SORT_FIELDS.find((candidate) => candidate === single?.columnKey);
                setView((previous) => {
                  const sort = single?.order && field ? field : 'create_time';
                  const order = single?.order === 'ascend' ? 'asc' : 'desc';
                  const pageSize = pagination.pageSize ?? previous.pageSize;
                  const isReordered =
                    sort !== previous.sort || order !== previous.order || pageSize !== previous.pageSize;
                  return {
                    ...previous,
                    sort,
                    order,
                    pageSize,
                    page: isReordered ? 1 : (pagination.current ?? 1),
                  };
                });
              }}
            />
          )}
        </div>
      </Flex>
      <CopyDialog proxy={dialog?.kind === 'copy' ? dialog.row : null} onClose={closeDialog} />
      <QrCodeDialog proxy={dialog?.kind === 'qr' ? dialog.row : null} onClose={closeDialog} />
      <SpeedTestDialog proxy={dialog?.kind === 'speed' ? dialog.row : null} onClose={closeDialog} />
      <ConnectDialog proxy={dialog?.kind === 'connect' ? dialog.row : null} onClose={closeDialog} />
      <RemarkDialog
        proxy={dialog?.kind === 'remark' ? dialog.row : null}
        onClose={closeDialog}
        onSaved={updateRow}
      />
      <RenewDialog
        proxy={dialog?.kind === 'renew' ? dialog.row : null}
        onClose={closeDialog}
        onRenewed={refresh}
      />
      <ReplaceDialog
        proxy={dialog?.kind === 'replace' ? dialog.row : null}
        onClose={closeDialog}
        onReplaced={updateRow}
      />
      <LazyTopDomainsDialog proxy={dialog?.kind === 'domains' ? dialog.row : null} onClose={closeDialog} />
    </Card>
  );
};
