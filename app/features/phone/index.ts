export { PhoneInput } from "./components/phone-input";
export { groupPhoneFields, OptionalPhoneSchema } from "./form-field";
export { displayPhone, parsePhone } from "./parse";
export { preferredPhoneCountries } from "./preferred-countries";
