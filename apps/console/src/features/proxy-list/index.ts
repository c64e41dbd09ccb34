export { ProxyList } from './proxy-list';
export { PROXY_LIST_QUERY_KEYS, refreshProxyList } from './proxy-list.api';
