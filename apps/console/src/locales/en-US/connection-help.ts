/** Texts of the connection-help pages (`features/connection-help`), loaded with them. */
export const connectionHelp = {
  'connectionHelp.loadFailed': 'The list could not be loaded',
  'connectionHelp.empty': 'Nothing is offered here yet',
  'connectionHelp.version': 'Version {{version}}',
  'connectionHelp.released': 'Released {{date}}',
  'connectionHelp.download': 'Download',
  'connectionHelp.copy': 'Copy',
  'connectionHelp.copied': 'Copied',
  'connectionHelp.tool.intro':
    'Install the connection tool to send the traffic of any application on your computer or phone through one of your proxies.',
  'connectionHelp.host.title': 'Gateway host',
  'connectionHelp.host.intro':
    'Choose the gateway host your proxies connect to; the one nearest to you is usually the fastest.',
  'connectionHelp.host.current': 'Your proxies connect to',
  'connectionHelp.host.default': 'Default',
  'connectionHelp.host.save': 'Save',
  'connectionHelp.host.saved': 'Gateway host saved',
  'connectionHelp.host.loadFailed': 'The gateway hosts could not be loaded',
  'connectionHelp.host.single': 'This service offers one gateway host.',
  'connectionHelp.mobile.intro':
    'Use your proxies on your phone. The iOS app is offered in App Stores outside mainland China.',
  'connectionHelp.mobile.store': 'Open the store page',
  'connectionHelp.mobile.apk': 'Download the APK',
  'connectionHelp.mobile.scan': 'Scan with your phone',
  'connectionHelp.fingerprint.intro':
    'Fingerprint browsers keep many accounts apart, each profile with its own proxy. Our partners give a discount with these promo codes.',
  'connectionHelp.fingerprint.promoCode': 'Promo code:',
  'connectionHelp.fingerprint.visit': 'Visit {{name}}',
};
