import { account } from './account';
import { common } from './common';
import { errors } from './errors';
import { menu } from './menu';
import { phone } from './phone';
import { settings } from './settings';
import { topUpDevice } from './top-up-device';
import { user } from './user';

/** Every en-US text, keyed by its dotted key. */
export const enUS = {
  ...common,
  ...menu,
  ...user,
  ...settings,
  ...phone,
  ...account,
  ...errors,
  ...topUpDevice,
};
