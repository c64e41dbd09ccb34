import {
  type AdminAnnouncement,
  type AdminAnnouncementRequest,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_FALLBACK_ORDER,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementLanguage,
} from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Divider, Flex, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { operatorErrorText } from '../operator-errors';
import { ADMIN_BULLETINS_QUERY_KEY, createAdminBulletin, updateAdminBulletin } from './bulletins.api';

/** The form as typed: a title and text per language, and the window. */
type BulletinValues = Partial<
  Record<`title_${AnnouncementLanguage}` | `body_${AnnouncementLanguage}`, string>
> & {
  starts_at?: Dayjs | null;
  ends_at?: Dayjs | null;
};

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The request of the form: a language only with its title and text, times as ISO instants. */
export const bulletinRequestOf = (values: BulletinValues): AdminAnnouncementRequest => {
  const request: AdminAnnouncementRequest = {};
  for (const language of ANNOUNCEMENT_FALLBACK_ORDER) {
    const title = values[`title_${language}`]?.trim() ?? '';
    const body = values[`body_${language}`]?.trim() ?? '';
    request[`title_${language}`] = title || null;
    request[`body_${language}`] = body || null;
  }
  if (values.starts_at) request.starts_at = values.starts_at.toISOString();
  request.ends_at = values.ends_at ? values.ends_at.toISOString() : null;
  return request;
};

const initialValuesOf = (bulletin: AdminAnnouncement | null): BulletinValues =>
  bulletin
    ? {
        title_en: bulletin.title_en ?? '',
        body_en: bulletin.body_en ?? '',
        title_zh: bulletin.title_zh ?? '',
        body_zh: bulletin.body_zh ?? '',
        title_ru: bulletin.title_ru ?? '',
        body_ru: bulletin.body_ru ?? '',
        starts_at: dayjs(bulletin.starts_at),
        ends_at: bulletin.ends_at ? dayjs(bulletin.ends_at) : null,
      }
    : {};

/**
 * Writes a new bulletin or edits `bulletin` (owner, support): a title and text in English, Chinese
 * and Russian (at least one language; a title needs its text and the other way round), shown from
 * a start (empty: now) until an end (empty: until unpublished). The server's refusal shows below.
 */
export const BulletinDialog = ({
  bulletin,
  onClose,
  onSaved,
}: {
  bulletin: AdminAnnouncement | null;
  onClose: () => void;
  onSaved: (saved: AdminAnnouncement) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BulletinValues>();
  const save = useMutation({
    mutationFn: (values: BulletinValues) =>
      bulletin
        ? updateAdminBulletin(bulletin.id, bulletinRequestOf(values))
        : createAdminBulletin(bulletinRequestOf(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_BULLETINS_QUERY_KEY });
      onSaved(saved);
    },
  });

  /** A title needs its text and a text its title; one language at least. */
  const pairRule =
    (language: AnnouncementLanguage, part: 'title' | 'body'): Rule =>
    ({ getFieldValue, getFieldsValue }) => ({
      validator: async (_, value) => {
        const other = getFieldValue(`${part === 'title' ? 'body' : 'title'}_${language}`);
        if (!filled(value) && filled(other)) {
          throw new Error(
            t(part === 'title' ? 'admin.bulletins.titleMissing' : 'admin.bulletins.bodyMissing'),
          );
        }
        if (language === 'en' && part === 'title') {
          const all = getFieldsValue() as BulletinValues;
          const any = ANNOUNCEMENT_FALLBACK_ORDER.some(
            (code) => filled(all[`title_${code}`]) || filled(all[`body_${code}`]),
          );
          if (!any) throw new Error(t('admin.bulletins.oneLanguage'));
        }
      },
    });

  const allTextFields = ANNOUNCEMENT_FALLBACK_ORDER.flatMap((code) => [`title_${code}`, `body_${code}`]);

  return (
    <Modal
      open
      width={720}
      title={t(bulletin ? 'admin.bulletins.editTitle' : 'admin.bulletins.addTitle')}
      okText={t(bulletin ? 'admin.bulletins.save' : 'admin.bulletins.publish')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'admin-bulletin-submit' }}
      cancelText={t('admin.bulletins.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-bulletin-dialog"
    >
      <Form<BulletinValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValuesOf(bulletin)}
        onFinish={(values) => {
          if (!save.isPending) save.mutate(values);
        }}
      >
        {ANNOUNCEMENT_FALLBACK_ORDER.map((code) => (
          <div key={code} data-testid={`admin-bulletin-language-${code}`}>
            <Divider titlePlacement="start" plain style={{ marginTop: 4 }}>
              {t(`admin.bulletins.language.${code}`)}
            </Divider>
            <Form.Item
              name={`title_${code}`}
              label={t('admin.bulletins.title')}
              dependencies={
                code === 'en' ? allTextFields.filter((name) => name !== 'title_en') : [`body_${code}`]
              }
              rules={[
                {
                  max: ANNOUNCEMENT_TITLE_MAX,
                  message: t('admin.bulletins.tooLong', { max: ANNOUNCEMENT_TITLE_MAX }),
                },
                pairRule(code, 'title'),
              ]}
            >
              <Input
                autoComplete="off"
                showCount={{ formatter: ({ count }) => `${count} / ${ANNOUNCEMENT_TITLE_MAX}` }}
                data-testid={`admin-bulletin-title-${code}`}
              />
            </Form.Item>
            <Form.Item
              name={`body_${code}`}
              label={t('admin.bulletins.body')}
              dependencies={[`title_${code}`]}
              rules={[
                {
                  max: ANNOUNCEMENT_BODY_MAX,
                  message: t('admin.bulletins.tooLong', { max: ANNOUNCEMENT_BODY_MAX }),
                },
                pairRule(code, 'body'),
              ]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                data-testid={`admin-bulletin-body-${code}`}
              />
            </Form.Item>
          </div>
        ))}
        <Flex gap={16} wrap>
          <Form.Item
            name="starts_at"
            label={t('admin.bulletins.startsAt')}
            extra={t('admin.bulletins.startsAtHint')}
          >
            <DatePicker showTime allowClear data-testid="admin-bulletin-starts-at" />
          </Form.Item>
          <Form.Item
            name="ends_at"
            label={t('admin.bulletins.endsAt')}
            extra={t('admin.bulletins.endsAtHint')}
            dependencies={['starts_at']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | null | undefined) => {
                  const start: Dayjs | null | undefined = getFieldValue('starts_at');
                  if (value && !value.isAfter(start ?? dayjs()))
                    throw new Error(t('admin.bulletins.endsBeforeStart'));
                },
              }),
            ]}
          >
            <DatePicker showTime allowClear data-testid="admin-bulletin-ends-at" />
          </Form.Item>
        </Flex>
      </Form>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="admin-bulletin-error"
          title={t('admin.bulletins.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Modal>
  );
};
