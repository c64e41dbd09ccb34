/** Replacing the address of a static proxy (issue #21), en-US. */
export const proxyReplacement = {
  'proxies.action.replace': 'Replace IP',
  'proxies.replace.title': 'Replace IP address',
  'proxies.replace.current': 'Current IP',
  'proxies.replace.area': 'Area',
  'proxies.replace.expiry': 'Expires',
  'proxies.replace.reason': 'Reason',
  'proxies.replace.reason.unhealthy': 'Not working',
  'proxies.replace.reason.blocked': 'Blocked by a target site',
  'proxies.replace.reason.slow': 'Too slow',
  'proxies.replace.reason.other': 'Other',
  'proxies.replace.note': 'Details (optional)',
  'proxies.replace.notePlaceholder': 'What went wrong, e.g. the site that blocks it',
  'proxies.replace.free':
    'Free of charge. You get another IP in the same area; username, password and expiry stay the same. Connections open through the old IP are closed within seconds.',
  'proxies.replace.blockedHint':
    'A blocked IP is kept out of sale for a while, so nobody gets it right back.',
  'proxies.replace.left':
    '{{proxyLeft}} of {{proxyLimit}} replacements left for this proxy, {{accountLeft}} of {{accountLimit}} for your account (last {{days}} days).',
  'proxies.replace.noneLeft': 'No replacement left for now.',
  'proxies.replace.nextAt': 'The next one is possible from {{time}}.',
  'proxies.replace.limitsFailed': 'The replacements left could not be loaded.',
  'proxies.replace.confirm': 'Replace IP',
  'proxies.replace.done': 'IP replaced',
  'proxies.replace.result': '{{from}} → {{to}}',
  'proxies.replace.resultHint': 'Use the same credentials: new connections now leave from the new IP.',
} as const;
