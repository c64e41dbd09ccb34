import { describe, expect, it, vi } from 'vitest';
import { installGlobalErrorLogging } from './global-errors';

const eventWith = (type: string, fields: Record<string, unknown>): Event =>
  Object.assign(new Event(type, { cancelable: true }), fields);

describe('installGlobalErrorLogging', () => {
  it('logs uncaught errors and unhandled rejections without handling them', () => {
    const target = new EventTarget();
    const log = vi.fn();
    installGlobalErrorLogging(target as unknown as Window, log);
    const boom = new Error('boom');
    const error = eventWith('error', { error: boom });
    target.dispatchEvent(error);
    target.dispatchEvent(eventWith('unhandledrejection', { reason: 'nope' }));
    expect(log.mock.calls).toEqual([
      ['[uncaught error]', boom],
      ['[unhandled rejection]', 'nope'],
    ]);
    expect(error.defaultPrevented).toBe(false);
  });

  it('stops logging once removed', () => {
    const target = new EventTarget();
    const log = vi.fn();
    installGlobalErrorLogging(target as unknown as Window, log)();
    target.dispatchEvent(eventWith('error', { error: new Error('late') }));
    expect(log).not.toHaveBeenCalled();
  });
});
