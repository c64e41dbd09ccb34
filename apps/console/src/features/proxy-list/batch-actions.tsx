import { DeleteOutlined, ExportOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { ProxyFamily, ProxyRow } from '@ptc/contracts';
import { Button, type ButtonProps, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { checkBatchDelete } from './batch-rules';
import { ExportDialog } from './export-dialog';
import { SWITCH_OFF, SWITCH_ON } from './proxy-family';
import { isFilteredQuery, type ProxyListQuery } from './proxy-filters';
import { deleteProxies, switchProxies } from './proxy-list.api';

/** Props of {@link BatchActions}. */
export interface BatchActionsProps {
  family: ProxyFamily;
  /** The selected proxies, across pages. */
  selected: readonly ProxyRow[];
  /** Whether switching and deleting are offered (not in the list of deleted proxies). */
  canChange: boolean;
  /** Drops the selection (after a batch delete). */
  onClearSelection: () => void;
  /** After proxies changed on the server: reload the list. */
  onChanged: () => void;
  /** The list's query and how many proxies it shows: what the export holds by default. */
  view: ProxyListQuery;
  shownTotal: number;
}

/**
 * Batch actions of SPEC §2 above the list: switch on, switch off (confirmed first), delete (expired
 * proxies only, SPEC §5, confirmed) and export. Each needs a selection, except the export.
 */
export const BatchActions = ({
  family,
  selected,
  canChange,
  onClearSelection,
  onChanged,
  view,
  shownTotal,
}: BatchActionsProps) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [busy, setBusy] = useState<'on' | 'off' | 'delete' | null>(null);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const ids = selected.map((row) => row.id);

  const sendSwitch = async (state: typeof SWITCH_ON | typeof SWITCH_OFF) => {
    setBusy(state === SWITCH_ON ? 'on' : 'off');
    try {
      const { updated } = await switchProxies(ids, state);
      void message.success(
        t(state === SWITCH_ON ? 'proxies.batch.switchedOn' : 'proxies.batch.switchedOff', { n: updated }),
      );
      onChanged();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };

  /** Switching on runs at once; switching off stops traffic, so it asks first. */
  const switchAll = (state: typeof SWITCH_ON | typeof SWITCH_OFF) => {
    if (ids.length === 0) {
      void message.warning(t('proxies.batch.selectFirst'));
      return;
    }
    if (state === SWITCH_ON) {
      void sendSwitch(state);
      return;
    }
    void modal.confirm({
      title: t('proxies.batch.offConfirm', { n: ids.length }),
      content: t('proxies.batch.offHint'),
      okText: t('proxies.batch.off'),
      okButtonProps: { danger: true, 'data-testid': 'proxy-batch-off-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () => sendSwitch(state),
    });
  };

  const deleteAll = () => {
    const check = checkBatchDelete(selected);
    if (check === 'empty') {
      void message.warning(t('proxies.batch.selectFirst'));
      return;
    }
    if (check === 'notExpired') {
      void message.error({ content: t('proxies.batch.deleteExpiredOnly'), key: 'proxy-batch-delete' });
      return;
    }
    void modal.confirm({
      title: t('proxies.batch.deleteConfirm', { n: ids.length }),
      content: t('proxies.batch.deleteHint'),
      okButtonProps: { danger: true },
      okText: t('proxies.action.delete'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy('delete');
        try {
          const { deleted } = await deleteProxies(ids);
          void message.success(t('proxies.batch.deleted', { n: deleted }));
          onClearSelection();
          onChanged();
        } catch {
          // The server's refusal (4015 when a proxy is no longer expired) is shown by the API client.
        } finally {
          setBusy(null);
        }
      },
    });
  };

  return (
    <Flex align="center" gap={8} wrap data-testid="proxy-batch-actions">
      <Typography.Text type="secondary" data-testid="proxy-batch-count">
        {t('proxies.batch.selected', { n: ids.length })}
      </Typography.Text>
      {canChange ? (
        <>
          <Button
            icon={<PoweroffOutlined />}
            loading={busy === 'on'}
            onClick={() => switchAll(SWITCH_ON)}
            data-testid="proxy-batch-on"
          >
            {t('proxies.batch.on')}
          </Button>
          <Button
            loading={busy === 'off'}
            onClick={() => switchAll(SWITCH_OFF)}
            data-testid="proxy-batch-off"
          >
            {t('proxies.batch.off')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            loading={busy === 'delete'}
            onClick={deleteAll}
            data-testid="proxy-batch-delete"
          >
            {t('proxies.batch.delete')}
          </Button>
        </>
      ) : null}
      <Button
        icon={<ExportOutlined />}
        onClick={() => setIsExportOpen(true)}
        data-testid="proxy-batch-export"
      >
        {t('proxies.batch.export')}
      </Button>
      {ids.length > 0 ? (
        <Button type="link" onClick={onClearSelection} data-testid="proxy-batch-clear">
          {t('proxies.batch.clear')}
        </Button>
      ) : null}
      <ExportDialog
        family={family}
        open={isExportOpen}
        selectedIds={ids}
        view={view}
        isFiltered={isFilteredQuery(view)}
        shownTotal={shownTotal}
        onClose={() => setIsExportOpen(false)}
      />
    </Flex>
  );
};
