import { StaticIpGenerator } from '../proxy-generators';
import { ProxyPage } from './proxy-page';

/** Static proxies paid by IP (SPEC §2): 1- or 30-day rental with auto-renew, and the list with renewal. */
const StaticIpPage = () => (
  <ProxyPage family="static-ip" titleKey="menu.proxy.staticIp" Generator={StaticIpGenerator} />
);

export default StaticIpPage;
