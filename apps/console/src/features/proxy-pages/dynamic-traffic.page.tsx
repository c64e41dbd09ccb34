import { DynamicTrafficGenerator } from '../proxy-generators';
import { ProxyPage } from './proxy-page';

/** Rotating proxies paid by traffic (SPEC §2): universal and regional generators, the traffic package and the list. */
const DynamicTrafficPage = () => (
  <ProxyPage
    family="dynamic-traffic"
    titleKey="menu.proxy.dynamicTraffic"
    Generator={DynamicTrafficGenerator}
    hasTrafficPackage
  />
);

export default DynamicTrafficPage;
