/** What routes and other features may use from the phone-numbers feature. */
export { phoneNumbersQueryOptions, usePhoneNumbers } from './api/get-phone-numbers';
export { phoneMappingsQueryOptions, usePhoneMappings } from './api/get-phone-mappings';
export { PhoneNumbersScreen, type PhoneNumbersScreenProps } from './components/phone-numbers-screen';
export { formatNational, phoneNumberTitle } from './lib/phone-number-display';
