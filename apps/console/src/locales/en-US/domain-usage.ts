/** Texts of per-domain usage (`features/domain-usage`): the top domains card, its dialog and the switch. */
export const domainUsage = {
  'domainUsage.title': 'Top domains',
  'domainUsage.dialogTitle': 'Top domains · {{name}}',
  'domainUsage.action': 'Top domains',
  'domainUsage.range.24h': '24 hours',
  'domainUsage.range.7d': '7 days',
  'domainUsage.range.30d': '30 days',
  'domainUsage.sort.bytes': 'By traffic',
  'domainUsage.sort.requests': 'By requests',
  'domainUsage.requests': '{{count}} requests',
  'domainUsage.total': '{{domains}} domains · {{bytes}} · {{requests}} requests',
  'domainUsage.other': 'Other domains',
  'domainUsage.empty': 'No traffic in this period.',
  'domainUsage.loadFailed': 'The top domains could not be loaded',
  'domainUsage.off':
    'Per-domain usage is switched off: no new figures are recorded. Switch it on in the user center.',
  'domainUsage.setting.title': 'Per-domain usage',
  'domainUsage.setting.help':
    'Records the domains your proxies connect to (the host name only, never what is sent), by traffic and requests per hour, kept {{days}} days.',
  'domainUsage.setting.label': 'Collect per-domain usage',
  'domainUsage.setting.offTitle': 'Switch per-domain usage off?',
  'domainUsage.setting.offText': 'No new figures are recorded from now on.',
  'domainUsage.setting.deleteExisting': 'Also delete the figures kept so far',
  'domainUsage.setting.confirm': 'Switch off',
  'domainUsage.setting.saved': 'Saved',
};
