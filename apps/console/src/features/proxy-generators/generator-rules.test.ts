import {
  dynamicCommonRequestSchema,
  dynamicIpByIpRequestSchema,
  dynamicTrafficRequestSchema,
  ipPatternSchema,
  priceQuerySchema,
  staticIpRequestSchema,
  staticTrafficRequestSchema,
} from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildDynamicCommonForm,
  buildDynamicIpByAreaForm,
  buildDynamicIpByIpForm,
  buildDynamicTrafficForm,
  buildPriceQuery,
  buildStaticIpForm,
  buildStaticTrafficForm,
  checkCount,
  checkIpPattern,
  checkLineArea,
  checkUniversalArea,
  isRotationCountry,
  LINES,
  nodeFor,
  ROUTE_TYPES,
  routeOfLine,
} from './generator-rules';

/** A form as the server reads it: every field a string, as a urlencoded body carries it. */
const asPosted = (form: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));

describe('IP pattern of generate by IP', () => {
  const accepted = [
    '69.32.3.*',
    '69.32.3.4',
    '*.*.*.*',
    '0.0.0.0',
    '255.255.255.255',
    '1.*.3.*',
    ' 69.32.3.* ',
    '10.0.99.250',
  ];
  const refused = [
    '',
    '69.32.3',
    '69.32.3.',
    '69.32.3.256',
    '69.32.3.**',
    '69.32.*3.1',
    '69.32.3.4.5',
    '300.1.1.1',
    'a.b.c.d',
    '69,32,3,4',
    '69.32.3.-1',
    '69. 32.3.4',
    '69.32.3.4/24',
    '::1',
  ];

  it.each(accepted)('accepts %j', (text) => {
    expect(checkIpPattern(text)).toBeNull();
  });

  it.each(refused.filter(Boolean))('refuses %j with IP format error', (text) => {
    expect(checkIpPattern(text)).toBe('format');
  });

  it('requires an address', () => {
    expect(checkIpPattern('')).toBe('required');
    expect(checkIpPattern('   ')).toBe('required');
    expect(checkIpPattern(undefined)).toBe('required');
  });

  it("decides exactly as the server's schema does, message included", () => {
    for (const text of [...accepted, ...refused, '01.2.3.4', '001.2.3.4', '25.250.251.199', '*.1.1']) {
      const server = ipPatternSchema.safeParse(text);
      expect(checkIpPattern(text) === null, text).toBe(server.success);
      if (!server.success && text.trim() !== '') {
        expect(server.error.issues[0]?.message).toBe('IP format error');
      }
    }
  });
});

describe('count', () => {
  it('allows whole numbers from 1 to 1000', () => {
    expect(checkCount(1)).toBeNull();
    expect(checkCount(1000)).toBeNull();
    expect(checkCount('25')).toBeNull();
  });

  it('refuses missing, fractional and out-of-range counts', () => {
    expect(checkCount(null)).toBe('required');
    expect(checkCount(undefined)).toBe('required');
    expect(checkCount('')).toBe('required');
    expect(checkCount(2.5)).toBe('integer');
    expect(checkCount('abc')).toBe('integer');
    expect(checkCount(0)).toBe('min');
    expect(checkCount(-3)).toBe('min');
    expect(checkCount(1001)).toBe('max');
  });
});

describe('area rules', () => {
  it('line 3 serves whole countries only', () => {
    expect(checkLineArea(3, { state: 'NY' })).toBe('countryOnly');
    expect(checkLineArea(3, { city: 'newyork' })).toBe('countryOnly');
    expect(checkLineArea(3, {})).toBeNull();
    expect(checkLineArea(1, { state: 'NY', city: 'newyork' })).toBeNull();
    expect(checkLineArea(4, { state: 'NY' })).toBeNull();
  });

  it('rotation is offered in the United States and Taiwan only', () => {
    expect(isRotationCountry('US')).toBe(true);
    expect(isRotationCountry('TW')).toBe(true);
    expect(isRotationCountry('DE')).toBe(false);
    expect(isRotationCountry(undefined)).toBe(false);
  });

  it('the universal generator at state/city level needs a country and a state or city', () => {
    expect(checkUniversalArea('country', {})).toBeNull();
    expect(checkUniversalArea('city', {})).toBe('country');
    expect(checkUniversalArea('city', { country: 'US' })).toBe('place');
    expect(checkUniversalArea('city', { country: 'US', state: 'NY' })).toBeNull();
    expect(checkUniversalArea('city', { country: 'US', city: 'newyork' })).toBeNull();
  });
});

describe('posted forms', () => {
  it('universal: country level sends the country alone, state/city level the places', () => {
    const countryLevel = buildDynamicCommonForm({
      precision: 'country',
      country: 'US',
      state: 'NY',
      count: 5,
      protocol: 'socks5',
    });
    expect(countryLevel).toEqual({ precision: 'country', count: 5, protocol: 'socks5', country: 'US' });
    expect(buildDynamicCommonForm({ precision: 'country', count: 2, protocol: 'http' })).toEqual({
      precision: 'country',
      count: 2,
      protocol: 'http',
    });
    const cityLevel = buildDynamicCommonForm({
      precision: 'city',
      country: 'US',
      state: 'NY',
      city: 'newyork',
      count: 1,
      protocol: 'http',
    });
    expect(cityLevel).toEqual({
      precision: 'city',
      count: 1,
      protocol: 'http',
      country: 'US',
      state: 'NY',
      city: 'newyork',
    });
    expect(dynamicCommonRequestSchema.safeParse(asPosted(cityLevel)).success).toBe(true);
  });

  it('regional: line 3 drops the state and city; rotation only in US/TW', () => {
    const line3 = buildDynamicTrafficForm({
      country: 'US',
      state: 'NY',
      city: 'newyork',
      line: 3,
      rotation: true,
      count: 3,
      protocol: 'http',
    });
    expect(line3).toEqual({
      count: 3,
      protocol: 'http',
      country: 'US',
      route: 'budget',
      line: 3,
      rotation: true,
    });
    const germany = buildDynamicTrafficForm({ country: 'DE', line: 2, rotation: true, count: 1 });
    expect(germany).toEqual({
      count: 1,
      protocol: 'http',
      country: 'DE',
      route: 'premier',
      line: 2,
      rotation: false,
    });
    const parsed = dynamicTrafficRequestSchema.parse(asPosted(line3));
    expect(parsed).toMatchObject({ route: 'budget', line: 3, rotation: true, country: 'US' });
  });

  it('regional: a node of the chosen route type, the first serving the area when the line is not one', () => {
    expect(nodeFor('budget', 1, false)).toBe(3);
    expect(nodeFor('budget', 1, true)).toBe(4);
    expect(nodeFor('budget', 3, true)).toBe(4);
    expect(nodeFor('budget', 4, false)).toBe(4);
    expect(nodeFor('premier', 4, true)).toBe(1);
    expect(nodeFor('premier', 2, true)).toBe(2);
    // A line of the other route type is replaced, never posted with the wrong route type.
    expect(buildDynamicTrafficForm({ country: 'US', route: 'budget', line: 2 })).toMatchObject({
      route: 'budget',
      line: 3,
    });
    for (const route of ROUTE_TYPES) {
      for (const line of LINES) {
        const form = buildDynamicTrafficForm({ country: 'US', route, line });
        expect(routeOfLine(Number(form.line))).toBe(route);
        expect(dynamicTrafficRequestSchema.safeParse(asPosted(form)).success).toBe(true);
      }
    }
  });

  it('by IP: trims the pattern and says whether to return an IP of the same location', () => {
    const form = buildDynamicIpByIpForm({ ip: ' 69.32.3.* ', autoReturn: true, count: 4, protocol: 'http' });
    expect(form).toEqual({ count: 4, protocol: 'http', ip: '69.32.3.*', auto_return: true });
    expect(dynamicIpByIpRequestSchema.parse(asPosted(form))).toMatchObject({ auto_return: true, count: 4 });
  });

  it('by location and static traffic carry type and place', () => {
    expect(buildDynamicIpByAreaForm({ country: 'GB', city: 'london', count: 2, protocol: 'socks5' })).toEqual(
      {
        count: 2,
        protocol: 'socks5',
        country: 'GB',
        city: 'london',
      },
    );
    const staticTraffic = buildStaticTrafficForm({
      type: 'datacenter',
      country: 'DE',
      count: 1,
      protocol: 'http',
    });
    expect(staticTraffic).toEqual({ count: 1, protocol: 'http', type: 'datacenter', country: 'DE' });
    expect(staticTrafficRequestSchema.safeParse(asPosted(staticTraffic)).success).toBe(true);
  });

  it('static IP: days, auto renew, and picked addresses set the count', () => {
    const byArea = buildStaticIpForm({
      type: 'residential',
      country: 'US',
      days: 1,
      autoRenew: true,
      count: 3,
      protocol: 'http',
    });
    expect(byArea).toEqual({
      count: 3,
      protocol: 'http',
      type: 'residential',
      country: 'US',
      days: 1,
      auto_renew: true,
    });
    const picked = buildStaticIpForm({
      type: 'datacenter',
      days: 30,
      count: 9,
      protocol: 'http',
      exitIds: ['11', '12'],
    });
    expect(picked).toEqual({
      count: 2,
      exit_ids: '11,12',
      protocol: 'http',
      type: 'datacenter',
      days: 30,
      auto_renew: false,
    });
    expect(staticIpRequestSchema.parse({ ...asPosted(picked), country: 'US' })).toMatchObject({
      exit_ids: ['11', '12'],
      days: 30,
    });
  });

  it('price queries name the family and what sets the unit price', () => {
    // Traffic is charged as used: the count changes nothing now.
    expect(buildPriceQuery('dynamic-traffic', { line: 3, count: 5 })).toEqual({
      family: 'dynamic-traffic',
      line: 3,
      count: 1,
    });
    expect(buildPriceQuery('dynamic-ip', { count: 5 })).toEqual({ family: 'dynamic-ip', count: 5 });
    expect(buildPriceQuery('dynamic-ip', { count: 'x' })).toEqual({ family: 'dynamic-ip', count: 1 });
    expect(buildPriceQuery('static-traffic', { type: 'datacenter', count: 2 })).toEqual({
      family: 'static-traffic',
      type: 'datacenter',
      count: 1,
    });
    const staticIp = buildPriceQuery('static-ip', { type: 'residential', days: 1, count: 10 });
    expect(staticIp).toEqual({ family: 'static-ip', type: 'residential', days: 1, count: 10 });
    expect(priceQuerySchema.safeParse(staticIp).success).toBe(true);
  });
});
