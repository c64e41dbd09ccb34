import { enUS } from '../../locales/en-US';
import type { LocalePack } from './locale-pack';

/** English: the console's texts; antd and dayjs speak English without a locale of their own. */
export const pack: LocalePack = { texts: enUS, dayjs: 'en' };
