import { describe, expect, it } from 'vitest';
import { setNavigator } from '../../shared/navigation/navigation';
import {
  afterSignInPath,
  keepReturnPath,
  leaveLoginPage,
  loginPathFor,
  safeReturnPath,
  takeKeptReturnPath,
} from './sign-in-return';

describe('the address a visitor returns to after signing in', () => {
  it('keeps a path of this console with its query and fragment', () => {
    expect(safeReturnPath('/charge')).toBe('/charge');
    expect(safeReturnPath('/charge?order=T1#top')).toBe('/charge?order=T1#top');
    expect(safeReturnPath('/charge/../proxy/static/ip')).toBe('/proxy/static/ip');
  });

  it('refuses every address that could leave the origin (no open redirect)', () => {
    for (const value of [
      null,
      '',
      'charge',
      'https://evil.example/charge',
      '//evil.example/charge',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      ' /charge',
      '/login?redirect=%2Fcharge',
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('puts the opened address on the login page, except home', () => {
    expect(loginPathFor('/charge?order=T1')).toBe('/login?redirect=%2Fcharge%3Forder%3DT1');
    expect(loginPathFor('/dashboard/overview')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
  });

  it('goes to the return path after signing in, else to the overview', () => {
    expect(afterSignInPath('?redirect=%2Fcharge')).toBe('/charge');
    expect(afterSignInPath('?redirect=%2F%2Fevil.example')).toBe('/dashboard/overview');
    expect(afterSignInPath('')).toBe('/dashboard/overview');
  });

  it('leaves the login page for the path read before signing in, unless the guard has left it already', () => {
    const visits: string[] = [];
    setNavigator((to) => void visits.push(to));
    leaveLoginPage('/charge/history', { pathname: '/login' });
    expect(visits).toEqual(['/charge/history']);
    // The guard saw the session first and went to /charge/history; the address has no ?redirect=
    // any more, and going anywhere now would be going home.
    leaveLoginPage('/charge/history', { pathname: '/charge/history' });
    expect(visits).toEqual(['/charge/history']);
  });

  it('keeps the return path across an OAuth sign-in, once, and only a safe one', () => {
    const entries = new Map<string, string>();
    const storage = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    };
    keepReturnPath('?redirect=%2Fcharge', storage);
    // The provider sends the browser back to /login?oauth=…, without the parameter.
    keepReturnPath('?oauth=github&code=1&state=2', storage);
    expect(takeKeptReturnPath(storage)).toBe('/charge');
    expect(takeKeptReturnPath(storage)).toBe('/dashboard/overview');
    keepReturnPath('?redirect=%2F%2Fevil.example', storage);
    expect(takeKeptReturnPath(storage)).toBe('/dashboard/overview');
  });
});
