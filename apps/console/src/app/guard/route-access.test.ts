import { describe, expect, it } from 'vitest';
import { decideFetchFailure, decideRouteAccess, type RouteAccessInput } from './route-access';

const visit = (overrides: Partial<RouteAccessInput>): RouteAccessInput => ({
  routeName: 'charge',
  isPublic: false,
  hasToken: false,
  isUserLoaded: false,
  search: '',
  ...overrides,
});

describe('decideRouteAccess', () => {
  it('always lets routes whose name contains authentication pass, signed in or not', () => {
    expect(decideRouteAccess(visit({ routeName: 'authentication' }))).toEqual({ type: 'allow' });
    expect(decideRouteAccess(visit({ routeName: 'authentication', hasToken: true }))).toEqual({
      type: 'allow',
    });
    expect(decideRouteAccess(visit({ routeName: 'shareauthentication' }))).toEqual({ type: 'allow' });
  });

  it('leaves the operator area to its own guard, with or without a customer session', () => {
    for (const hasToken of [false, true]) {
      expect(decideRouteAccess(visit({ routeName: 'adminAudit', hasToken, isOperatorArea: true }))).toEqual({
        type: 'allow',
      });
    }
  });

  it('fetches the user info when a token is stored but no user name is loaded', () => {
    expect(decideRouteAccess(visit({ hasToken: true }))).toEqual({ type: 'fetchUser' });
    expect(decideRouteAccess(visit({ routeName: 'login', isPublic: true, hasToken: true }))).toEqual({
      type: 'fetchUser',
    });
  });

  it('sends a signed-in visit of login to the overview, keeping the query', () => {
    expect(
      decideRouteAccess(
        visit({ routeName: 'login', isPublic: true, hasToken: true, isUserLoaded: true, search: '?a=1' }),
      ),
    ).toEqual({ type: 'redirect', to: '/dashboard/overview?a=1' });
  });

  it('lets a signed-in user with loaded info through to any other route', () => {
    expect(decideRouteAccess(visit({ hasToken: true, isUserLoaded: true }))).toEqual({ type: 'allow' });
    expect(
      decideRouteAccess(visit({ routeName: 'register', isPublic: true, hasToken: true, isUserLoaded: true })),
    ).toEqual({ type: 'allow' });
  });

  it('lets visitors without a token reach whitelisted public routes', () => {
    for (const routeName of [
      'login',
      'register',
      'forgetPassword',
      'resetPassword',
      'redirect',
      'notFound',
    ]) {
      expect(decideRouteAccess(visit({ routeName, isPublic: true }))).toEqual({ type: 'allow' });
    }
  });

  it('sends a visitor without a session to login with the address they opened, and back after', () => {
    expect(
      decideRouteAccess(visit({ routeName: 'charge', pathname: '/charge', search: '?order=T1' })),
    ).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fcharge%3Forder%3DT1',
      warningKey: 'user.noLogin',
    });
    const signedIn = { routeName: 'login', isPublic: true, hasToken: true, isUserLoaded: true };
    expect(decideRouteAccess(visit({ ...signedIn, search: '?redirect=%2Fcharge%3Forder%3DT1' }))).toEqual({
      type: 'redirect',
      to: '/charge?order=T1',
    });
    expect(
      decideRouteAccess(visit({ ...signedIn, search: '?redirect=https%3A%2F%2Fevil.example%2F' })),
    ).toEqual({ type: 'redirect', to: '/dashboard/overview?redirect=https%3A%2F%2Fevil.example%2F' });
  });

  it('warns user.noLogin and goes to login when a visitor without a token opens any other route', () => {
    expect(decideRouteAccess(visit({ routeName: 'charge', search: '?x=1' }))).toEqual({
      type: 'redirect',
      to: '/login',
      warningKey: 'user.noLogin',
    });
    expect(decideRouteAccess(visit({ routeName: 'webappCharge' }))).toMatchObject({ to: '/login' });
  });
});

describe('decideFetchFailure', () => {
  it('sends the user to login after a failed user-info fetch', () => {
    expect(decideFetchFailure('charge')).toEqual({ type: 'redirect', to: '/login' });
    expect(decideFetchFailure('charge', '/charge?order=T1')).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fcharge%3Forder%3DT1',
    });
  });

  it('posts a logout over the bridge instead inside the native app wrapper', () => {
    expect(decideFetchFailure('webappCharge')).toEqual({ type: 'bridgeLogout' });
  });
});
