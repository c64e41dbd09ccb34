import antd from 'antd/locale/ru_RU';
import 'dayjs/locale/ru';
import { ruRU } from '../../locales/ru-RU';
import type { LocalePack } from './locale-pack';

/** Russian: the console's texts, antd's (dialogs, pickers, empty states) and dayjs'. */
export const pack: LocalePack = { texts: ruRU, antd, dayjs: 'ru' };
