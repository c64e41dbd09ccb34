import { UploadOutlined } from '@ant-design/icons';
import type { AdminInventoryImportResult } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { operatorErrorText } from '../operator-errors';
import { importInventory } from './supply.api';
import {
  INVENTORY_COLUMNS,
  type InventoryLineError,
  type InventoryRefusal,
  inventoryRefusalOf,
  REQUIRED_INVENTORY_COLUMNS,
  SUPPLY_KEYS,
} from './supply-display';

/** The largest file the server takes (its body limit is 10 MiB; the text itself up to 8 MiB). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Two lines of a valid file: a direct address, and an address through an upstream SOCKS5 host. */
const EXAMPLE = [
  INVENTORY_COLUMNS.join(','),
  '203.0.113.10,US,NY,New York,datacenter,,,,,,1,',
  '198.51.100.7,DE,,,residential,socks5,gw.provider.example,1080,{user}-ip-198.51.100.7,secret,1,Berlin pool',
].join('\n');

/** The numbered bad lines of a refused file, and how many there were in all. */
const RefusalTable = ({ refusal }: { refusal: InventoryRefusal }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<InventoryLineError> = [
    { key: 'line', title: t('admin.supply.import.line'), dataIndex: 'line', align: 'right', width: 90 },
    { key: 'message', title: t('admin.supply.import.problem'), dataIndex: 'message' },
  ];
  return (
    <Flex vertical gap={8}>
      <div>{t('admin.supply.import.nothingImported')}</div>
      {refusal.error_count > refusal.errors.length ? (
        <Typography.Text type="secondary">
          {t('admin.supply.import.firstErrors', { shown: refusal.errors.length, count: refusal.error_count })}
        </Typography.Text>
      ) : null}
      {refusal.errors.length > 0 ? (
        <Table<InventoryLineError>
          rowKey={(error) => `${error.line}|${error.message}`}
          size="small"
          columns={columns}
          dataSource={refusal.errors}
          pagination={refusal.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          data-testid="admin-inventory-errors"
        />
      ) : null}
    </Flex>
  );
};

/** What the last check or import answered. */
const ImportResult = ({
  result,
  isDryRun,
  error,
}: {
  result: AdminInventoryImportResult | undefined;
  isDryRun: boolean;
  error: unknown;
}) => {
  const { t } = useTranslation();
  if (result) {
    return (
      <Alert
        type="success"
        showIcon
        title={
          isDryRun
            ? t('admin.supply.import.valid', { count: result.valid, places: result.places })
            : t('admin.supply.import.done', { count: result.imported, places: result.places })
        }
        description={isDryRun ? t('admin.supply.import.validHint') : null}
        data-testid="admin-inventory-result"
      />
    );
  }
  if (!error) return null;
  const refusal = inventoryRefusalOf(error);
  return (
    <Alert
      type="error"
      showIcon
      title={
        refusal
          ? t('admin.supply.import.refused', { count: refusal.error_count })
          : t('admin.supply.import.failed')
      }
      description={refusal ? <RefusalTable refusal={refusal} /> : operatorErrorText(error, t)}
      data-testid="admin-inventory-result"
    />
  );
};

/**
 * Imports static addresses from a CSV file (owner), all or nothing: pasted, or picked and read in
 * the browser. "Check only" runs every check without writing; a refusal lists the bad lines.
 */
export const InventoryImport = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (dryRun: boolean) => importInventory({ csv, dry_run: dryRun }),
    onSuccess: (_answer, dryRun) => {
      if (dryRun) return;
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.overview });
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.exits });
    },
  });
  const changeText = (text: string) => {
    setCsv(text);
    setReadError(null);
    send.reset();
  };
  const pickFile = (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setReadError(t('admin.supply.import.tooLarge'));
      return false;
    }
    void file.text().then(
      (text) => {
        changeText(text);
        setFileName(file.name);
      },
      () => setReadError(t('admin.supply.import.unreadable')),
    );
    // Read here; nothing is uploaded by the picker itself.
    return false;
  };
  const isEmpty = csv.trim() === '';

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, minWidth: 0 }}>
      <div>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('admin.supply.import.hint')}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 4 }}>
          {t('admin.supply.import.columns')}
        </Typography.Paragraph>
        <Typography.Paragraph
          code
          copyable
          style={{ wordBreak: 'break-all' }}
          data-testid="admin-inventory-columns"
        >
          {INVENTORY_COLUMNS.join(',')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('admin.supply.import.required', { columns: REQUIRED_INVENTORY_COLUMNS.join(', ') })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('admin.supply.import.rules')}</Typography.Paragraph>
      </div>
      <Flex gap={8} align="center" wrap>
        <Upload accept=".csv,text/csv,text/plain" showUploadList={false} beforeUpload={pickFile} maxCount={1}>
          <Button icon={<UploadOutlined />} data-testid="admin-inventory-pick">
            {t('admin.supply.import.pick')}
          </Button>
        </Upload>
        {fileName ? <Typography.Text type="secondary">{fileName}</Typography.Text> : null}
      </Flex>
      {readError ? <Alert type="error" showIcon title={readError} /> : null}
      <Input.TextArea
        value={csv}
        onChange={(event) => {
          changeText(event.target.value);
          setFileName(null);
        }}
        autoSize={{ minRows: 6, maxRows: 16 }}
        placeholder={EXAMPLE}
        spellCheck={false}
        style={{ fontFamily: 'monospace', whiteSpace: 'pre' }}
        aria-label={t('admin.supply.import.text')}
        data-testid="admin-inventory-csv"
      />
      <Flex gap={8} wrap>
        <Button
          disabled={isEmpty}
          loading={send.isPending && send.variables === true}
          onClick={() => send.mutate(true)}
          data-testid="admin-inventory-check"
        >
          {t('admin.supply.import.check')}
        </Button>
        <Button
          type="primary"
          disabled={isEmpty}
          loading={send.isPending && send.variables === false}
          onClick={() => send.mutate(false)}
          data-testid="admin-inventory-import"
        >
          {t('admin.supply.import.submit')}
        </Button>
      </Flex>
      <ImportResult result={send.data} isDryRun={send.variables === true} error={send.error} />
    </Flex>
  );
};
