import type { Announcement, AnnouncementList } from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query key of the customer's bulletins, per language (texts come in it). */
export const bulletinsQueryKey = (locale: string) => ['bulletins', locale] as const;

/**
 * `GET /proxy/announcements`: the bulletins in force in the customer's language (the `lang`
 * header), with read/closed marks. Silent: a bulletin that cannot be loaded is simply not shown.
 */
export const listBulletins = (signal?: AbortSignal) =>
  api.request<AnnouncementList>({
    path: '/proxy/announcements',
    silent: true,
    ...(signal ? { signal } : {}),
  });

/**
 * `PUT /proxy/announcements/{id}/read` or `…/close`: records on the server that this customer saw or
 * closed the bulletin, so that it stays closed on every device. Silent.
 */
export const markBulletin = (id: string, action: 'read' | 'close') =>
  api.request<Announcement>({
    method: 'PUT',
    path: `/proxy/announcements/{id}/${action}`,
    params: { id },
    silent: true,
  });
