/** Phone input texts (`shared/ui/phone-input`). */
export const phone = {
  'phone.placeholder': 'Enter a phone number',
  'phone.country': 'Country or region',
  'phone.error.required': 'Please enter a phone number',
  'phone.error.notANumber': 'This is not a phone number',
  'phone.error.invalidCountry': 'Numbers of this country are not accepted here',
  'phone.error.tooShort': 'The phone number is too short',
  'phone.error.tooLong': 'The phone number is too long',
  'phone.error.invalid': 'This phone number is not valid',
};
