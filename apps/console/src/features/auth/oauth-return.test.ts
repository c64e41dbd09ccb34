import { describe, expect, it } from 'vitest';
import { readOAuthReturn, stripOAuthParams } from './oauth-return';

describe('readOAuthReturn', () => {
  it('reads the provider, code and state of a return', () => {
    expect(readOAuthReturn('?oauth=google&code=abc%2F1&state=xyz')).toEqual({
      provider: 'google',
      code: 'abc/1',
      state: 'xyz',
    });
    expect(readOAuthReturn('?state=s&oauth=github&code=c')).toEqual({
      provider: 'github',
      code: 'c',
      state: 's',
    });
  });

  it('answers null for a login page not opened by a provider', () => {
    expect(readOAuthReturn('')).toBeNull();
    expect(readOAuthReturn('?code=abc&state=xyz')).toBeNull();
  });

  it('reports a refusal by the provider', () => {
    expect(readOAuthReturn('?oauth=github&error=access_denied')).toEqual({
      provider: 'github',
      error: 'access_denied',
    });
  });

  it('reports an unknown provider and a return without code or state', () => {
    expect(readOAuthReturn('?oauth=myspace&code=c&state=s')).toEqual({
      provider: undefined,
      error: 'unknown_provider',
    });
    expect(readOAuthReturn('?oauth=google&code=c')).toEqual({ provider: 'google', error: 'missing_code' });
  });
});

describe('stripOAuthParams', () => {
  it('removes oauth, code and state and keeps the rest', () => {
    expect(stripOAuthParams('?oauth=google&code=c&state=s&ref=FRIEND')).toBe('?ref=FRIEND');
  });

  it('answers an empty query when nothing else is left', () => {
    expect(stripOAuthParams('?oauth=github&code=c&state=s')).toBe('');
    expect(stripOAuthParams('?oauth=github&error=access_denied&error_description=no')).toBe('');
  });
});
