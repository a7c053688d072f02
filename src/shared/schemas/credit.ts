// The credit registry's contract, one file per job under credit/: the field messages, the rules of
// single fields, the account report (one account, or one row of a monthly file), the monthly file
// and its status, the CSV mapping of a row, and search and reports. Imported as
// '@shared/schemas/credit' by the server and the web.
export { CREDIT_MESSAGES } from './credit/messages';
export {
  isRealDate,
  todayIso,
  ZAddressSchema,
  ZDateOfBirthSchema,
  ZDriversLicenseSchema,
  ZNationalIdSchema,
  ZPassportNumberSchema,
  ZPhoneSchema,
} from './credit/field-rules';
export * from './credit/account-report';
export * from './credit/account-corrections';
export * from './credit/monthly-file';
export * from './credit/csv-row';
export * from './credit/search-and-reports';
