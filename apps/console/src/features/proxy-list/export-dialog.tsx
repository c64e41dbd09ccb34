import type { ProxyFamily } from '@ptc/contracts';
import { Alert, Button, DatePicker, Flex, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { saveFile } from '../../shared/ui/save-file';
import { checkExportCount, EXPORT_MAX } from './batch-rules';
import { type ProxyListQuery, toExportRange } from './proxy-filters';
import { type ExportFormat, exportProxies, fetchExportFile, fetchProxyPage } from './proxy-list.api';

/** What an export holds: what the list shows (its filter, or everything), the selection, or a creation range. */
type ExportMode = 'view' | 'selected' | 'range';

/** The most rows the list call answers a page (proxyListQuerySchema). */
const LIST_PAGE_MAX = 200;

/** The ids of every proxy the list's query matches, page by page (at most `EXPORT_MAX` + 1 of them). */
export const collectViewIds = async (family: ProxyFamily, view: ProxyListQuery): Promise<string[]> => {
  const ids: string[] = [];
  for (let page = 1; ids.length <= EXPORT_MAX; page += 1) {
    const answer = await fetchProxyPage(family, { ...view, page, page_size: LIST_PAGE_MAX });
    ids.push(...answer.data.map((row) => row.id));
    if (answer.data.length < LIST_PAGE_MAX || ids.length >= answer.total) break;
  }
  return ids;
};

const FORMATS: readonly ExportFormat[] = ['xlsx', 'xls', 'csv'];

/** The file name of an export (as the server names it). */
export const exportFileName = (family: ProxyFamily, format: ExportFormat, now: Dayjs = dayjs()): string =>
  `proxies-${family}-${now.format('YYYY-MM-DD')}.${format}`;

/** Props of {@link ExportDialog}. */
export interface ExportDialogProps {
  family: ProxyFamily;
  open: boolean;
  /** Ids of the selected proxies (across pages). */
  selectedIds: readonly string[];
  /** The list's query: the export holds what it shows by default. */
  view: ProxyListQuery;
  /** Whether the list is filtered (else it shows every proxy). */
  isFiltered: boolean;
  /** How many proxies the list shows in all its pages. */
  shownTotal: number;
  onClose: () => void;
}

interface ExportValues {
  mode: ExportMode;
  format: ExportFormat;
  range: [Dayjs, Dayjs] | null;
}

const ExportForm = ({
  family,
  selectedIds,
  view,
  isFiltered,
  shownTotal,
  onClose,
}: Omit<ExportDialogProps, 'open'>) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ExportValues>();
  const mode = Form.useWatch('mode', form) ?? 'view';
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const max = EXPORT_MAX.toLocaleString(i18n.language);

  /** How many proxies the export would hold: the selection, or the total of the list or the range. */
  const countOf = async (values: ExportValues): Promise<number> => {
    if (values.mode === 'selected') return selectedIds.length;
    if (values.mode === 'view') {
      return (await fetchProxyPage(family, { ...view, page: 1, page_size: 1 })).total;
    }
    if (!values.range) return 0;
    const page = await fetchProxyPage(family, {
      page: 1,
      page_size: 1,
      status: 'all',
      deleted: false,
      sort: 'create_time',
      order: 'desc',
      ...toExportRange(values.range),
    });
    return page.total;
  };

  const run = async (values: ExportValues) => {
    setRefusal(null);
    setIsExporting(true);
    try {
      const check = checkExportCount(await countOf(values));
      if (check !== 'ok') {
        const empty = {
          selected: 'proxies.batch.selectFirst',
          view: 'proxies.export.nothingShown',
          range: 'proxies.export.nothing',
        } as const;
        setRefusal(check === 'tooMany' ? t('proxies.export.tooMany', { max }) : t(empty[values.mode]));
        return;
      }
      const request =
        values.mode === 'range'
          ? { format: values.format, ...toExportRange(values.range as [Dayjs, Dayjs]) }
          : {
              format: values.format,
              ids: values.mode === 'selected' ? selectedIds : await collectViewIds(family, view),
            };
      const file = await exportProxies(family, request);
      saveFile(await fetchExportFile(file.url), exportFileName(family, values.format));
      void message.success(t('proxies.export.done', { n: file.rows }));
      onClose();
    } catch {
      // Shown by the API client through the code table; the dialog stays for another try.
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Form<ExportValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ mode: 'view', format: 'xlsx', range: null }}
      onFinish={(values) => void run(values)}
      onValuesChange={() => setRefusal(null)}
      data-testid="proxy-export-dialog"
    >
      <Form.Item name="mode" label={t('proxies.export.what')}>
        <Radio.Group>
          <Flex vertical gap={8}>
            <Radio value="view" data-testid="proxy-export-view">
              {t(isFiltered ? 'proxies.export.viewFiltered' : 'proxies.export.everything', {
                n: shownTotal,
              })}
            </Radio>
            {selectedIds.length > 0 ? (
              <Radio value="selected" data-testid="proxy-export-selected">
                {t('proxies.export.selected', { n: selectedIds.length })}
              </Radio>
            ) : null}
            <Radio value="range" data-testid="proxy-export-range">
              {t('proxies.export.byRange')}
            </Radio>
          </Flex>
        </Radio.Group>
      </Form.Item>
      {mode === 'range' ? (
        <Form.Item
          name="range"
          label={t('proxies.filter.created')}
          rules={[{ required: true, message: t('proxies.export.rangeRequired') }]}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            disabledDate={(date) => date.isAfter(dayjs(), 'day')}
            className="proxy-export-range-picker"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="format" label={t('proxies.export.format')}>
        <Radio.Group
          optionType="button"
          options={FORMATS.map((format) => ({ value: format, label: format }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('proxies.export.limit', { max })}</Typography.Paragraph>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="proxy-export-refusal"
        />
      ) : null}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isExporting} data-testid="proxy-export-submit">
          {t('proxies.export.submit')}
        </Button>
      </Flex>
    </Form>
  );
};

/**
 * The export dialog of SPEC §2: by default what the list shows (its filter, or every proxy), else
 * the selected proxies (offered only when some are) or those created in a date range, as csv, xls
 * or xlsx; at most 5 000, refused above that before anything is prepared. The file is downloaded.
 */
export const ExportDialog = ({ open, onClose, ...rest }: ExportDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('proxies.export.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {open ? <ExportForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
};
