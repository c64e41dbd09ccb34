import { DynamicIpGenerator } from '../proxy-generators';
import { ProxyPage } from './proxy-page';

/** Rotating proxies paid by IP (SPEC §2): generation by IP pattern or by location, and the list. */
const DynamicIpPage = () => (
  <ProxyPage family="dynamic-ip" titleKey="menu.proxy.dynamicIp" Generator={DynamicIpGenerator} />
);

export default DynamicIpPage;
