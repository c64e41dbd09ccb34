import type { phone as reference } from '../en-US/phone';

/** 手机号输入框文案。 */
export const phone: Record<keyof typeof reference, string> = {
  'phone.placeholder': '请输入手机号',
  'phone.country': '国家或地区',
  'phone.error.required': '请输入手机号',
  'phone.error.notANumber': '这不是手机号',
  'phone.error.invalidCountry': '此处不接受该国家或地区的号码',
  'phone.error.tooShort': '手机号太短',
  'phone.error.tooLong': '手机号太长',
  'phone.error.invalid': '手机号无效',
};
