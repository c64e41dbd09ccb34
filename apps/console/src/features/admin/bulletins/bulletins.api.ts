import type { AdminAnnouncement, AdminAnnouncementList, AdminAnnouncementRequest } from '@ptc/contracts';
import { operatorRequest } from '../admin.api';

/** The query key of the operator's bulletin list. */
export const ADMIN_BULLETINS_QUERY_KEY = ['admin', 'bulletins'] as const;

/** Every bulletin, newest window first (every operator). */
export const listAdminBulletins = (signal?: AbortSignal) =>
  operatorRequest<AdminAnnouncementList>({ path: '/admin/announcements', ...(signal ? { signal } : {}) });

/** Publishes a bulletin (owner, support). */
export const createAdminBulletin = (request: AdminAnnouncementRequest) =>
  operatorRequest<AdminAnnouncement>({ method: 'POST', path: '/admin/announcements', data: request });

/** Replaces a bulletin's texts and window (owner, support). */
export const updateAdminBulletin = (id: string, request: AdminAnnouncementRequest) =>
  operatorRequest<AdminAnnouncement>({
    method: 'PUT',
    path: '/admin/announcements/{id}',
    params: { id },
    data: request,
  });

/** Ends a bulletin now (owner, support). */
export const unpublishAdminBulletin = (id: string) =>
  operatorRequest<AdminAnnouncement>({
    method: 'POST',
    path: '/admin/announcements/{id}/unpublish',
    params: { id },
  });

/** Deletes a bulletin with every customer's read/closed marks (owner, support). */
export const deleteAdminBulletin = (id: string) =>
  operatorRequest<unknown>({ method: 'DELETE', path: '/admin/announcements/{id}', params: { id } });
