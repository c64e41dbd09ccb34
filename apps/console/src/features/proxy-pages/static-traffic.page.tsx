import { StaticTrafficGenerator } from '../proxy-generators';
import { ProxyPage } from './proxy-page';

/** Static proxies paid by traffic (SPEC §2): residential or data center generation, the traffic package and the list. */
const StaticTrafficPage = () => (
  <ProxyPage
    family="static-traffic"
    titleKey="menu.proxy.staticTraffic"
    Generator={StaticTrafficGenerator}
    hasTrafficPackage
  />
);

export default StaticTrafficPage;
