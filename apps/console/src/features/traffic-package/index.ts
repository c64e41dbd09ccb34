/** The traffic package panel of SPEC §2, placed on the traffic proxy pages. */
export {
  TrafficPackagePanel,
  type TrafficPackagePanelProps,
  type TrafficPackageTab,
} from './traffic-package-panel';
