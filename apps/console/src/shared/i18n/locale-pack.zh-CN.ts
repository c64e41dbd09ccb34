import antd from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { zhCN } from '../../locales/zh-CN';
import type { LocalePack } from './locale-pack';

/** Simplified Chinese: the console's texts, antd's (dialogs, pickers, empty states) and dayjs'. */
export const pack: LocalePack = { texts: zhCN, antd, dayjs: 'zh-cn' };
