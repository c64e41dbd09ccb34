/**
 * The generator panels of SPEC §2 "Dynamic proxy generation" and "Static generation". Each
 * shows the price before purchase, posts the generation, shows the proxies it made and calls
 * `onGenerated` with them.
 */
export { DynamicIpGenerator } from './dynamic-ip-generator';
export { DynamicTrafficGenerator } from './dynamic-traffic-generator';
export type { GeneratedProxy } from './generators.api';
export { StaticIpGenerator } from './static-ip-generator';
export { StaticTrafficGenerator } from './static-traffic-generator';
export type { GeneratorProps } from './use-generation';
