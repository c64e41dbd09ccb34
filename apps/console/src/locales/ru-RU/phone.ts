import type { phone as reference } from '../en-US/phone';

/** Тексты поля ввода телефона. */
export const phone: Record<keyof typeof reference, string> = {
  'phone.placeholder': 'Введите номер телефона',
  'phone.country': 'Страна или регион',
  'phone.error.required': 'Пожалуйста, введите номер телефона',
  'phone.error.notANumber': 'Это не номер телефона',
  'phone.error.invalidCountry': 'Номера этой страны здесь не принимаются',
  'phone.error.tooShort': 'Номер телефона слишком короткий',
  'phone.error.tooLong': 'Номер телефона слишком длинный',
  'phone.error.invalid': 'Недействительный номер телефона',
};
