export * from './accounts';
export * from './client-events';
export * from './credit';
export * from './products';
export * from './proxies';
export * from './sessions';
export * from './users';
export * from './wallet';
