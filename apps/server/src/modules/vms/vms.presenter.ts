import {
  allowedVmOperations,
  type Micro,
  VM_DAYS,
  type Vm,
  type VmConf,
  type VmConfSummary,
} from '@ptc/contracts';
import { presentPtc } from '../proxies/proxies.presenter';
import type { VmConfigurationRow, VmRecord } from './vms.repository';

export { presentPtc };

/** What `days` of a configuration cost: 30 days at the period price, else the day price × days. */
export const priceOf = (configuration: VmConfigurationRow, days: number): Micro =>
  days === 30 ? configuration.price30Days : configuration.pricePerDay * BigInt(days);

const presentConfSummary = (configuration: VmConfigurationRow): VmConfSummary => ({
  id: configuration.id,
  name: configuration.name,
  en_name: configuration.enName,
  ru_name: configuration.ruName,
  cpu: configuration.cpu,
  memory_mb: configuration.memoryMb,
});

/** A configuration for sale. */
export const presentConf = (configuration: VmConfigurationRow): VmConf => ({
  ...presentConfSummary(configuration),
  price_per_day: presentPtc(configuration.pricePerDay),
});

/** `pay_value`: what each offered period of each configuration costs. */
export const presentPayValues = (configurations: readonly VmConfigurationRow[]) =>
  Object.fromEntries(
    configurations.map((configuration) => [
      String(configuration.id),
      Object.fromEntries(VM_DAYS.map((days) => [String(days), presentPtc(priceOf(configuration, days))])),
    ]),
  );

/** A PC as the API answers it (SPEC §3 VM). */
export const presentVm = (
  record: VmRecord,
  gateway: { host: string; port: number },
  now: Date = new Date(),
): Vm => {
  const { vm, configuration, proxy } = record;
  const released = vm.releasedAt !== null;
  return {
    id: vm.publicId,
    ip: vm.accessAddress,
    username: vm.accessUsername,
    password: vm.accessPassword,
    area: vm.area,
    vm_conf: presentConfSummary(configuration),
    days: vm.days,
    auto_renew: vm.autoRenew,
    status: vm.status,
    released,
    create_time: vm.createdAt.toISOString(),
    expire_time: vm.expiresAt.toISOString(),
    remaining_seconds: released
      ? 0
      : Math.max(0, Math.floor((vm.expiresAt.getTime() - now.getTime()) / 1_000)),
    proxy: proxy
      ? { id: proxy.publicId, username: proxy.username, address: `${gateway.host}:${gateway.port}` }
      : null,
    operations: allowedVmOperations(vm.status, released),
    failure_reason: vm.failureReason,
  };
};
