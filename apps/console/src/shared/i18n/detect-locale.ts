// The language rule lives in the contracts: the server picks the prerendered sign-in page by it.
export { detectLocale, isLocale, matchLocale } from '@ptc/contracts';
