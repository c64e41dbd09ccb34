import type { ExtensionQuickAccess } from '@ptc/contracts';
import type { ExtensionStatus, InternalRequest } from '../shared/state';

/** A failure the service worker reported. */
export interface Failure {
  ok: false;
  reason: string;
  state?: string;
}

/** Sends a request to the service worker. */
export const send = <T>(request: InternalRequest) => chrome.runtime.sendMessage<InternalRequest, T>(request);

export const fetchStatus = () => send<ExtensionStatus>({ type: 'status' });
export const fetchQuickAccess = () => send<ExtensionQuickAccess | Failure>({ type: 'quick_access' });
