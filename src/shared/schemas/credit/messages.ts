import { ACCOUNT_STATUS_CODES, ACCOUNT_TYPE_CODES } from '../../credit-reference';
import { DISTRICTS } from '../../districts';

// Field rules shared by the single report (POST /api/credit/accounts), every row of a monthly
// file (JSON or CSV) and the web form, so a rule and its message are written once.
export const CREDIT_MESSAGES = {
  idRequired: "At least one valid ID number is required (National ID, Driver's License or Passport)",
  nationalId: 'National ID must be 6 to 20 letters and digits',
  driversLicense: "Driver's license number must be 5 to 20 letters and digits",
  passportNumber: 'Passport number must be 6 to 12 letters and digits',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Valid phone number is required',
  addressRequired: 'Address is required',
  district: `District must be one of: ${DISTRICTS.join(', ')}`,
  date: 'Invalid date (use YYYY-MM-DD)',
  dateOfBirthPast: 'Date of birth must be a past date after 1900',
  futureDate: 'Date cannot be in the future',
  accountNumber: 'Account number is required (at most 50 letters, digits, spaces and - / . _)',
  type: `Account type must be one of: ${ACCOUNT_TYPE_CODES.join(', ')}`,
  currency: 'Currency must be SLE or USD',
  amount: 'Must be an amount of at least 0 with at most two decimals, such as 1500 or 1500.50',
  openedAt: 'Opening date is required',
  status: `Status must be one of: ${ACCOUNT_STATUS_CODES.join(', ')}`,
  defaultAmount: 'Default amount is required for a defaulter',
  defaultAmountPositive: 'Default amount must be more than 0',
  defaultDate: 'Default date is required for a defaulter',
  defaultBeforeOpened: 'Default date cannot be before the opening date',
  paymentHistory: 'Payment history must be at most 24 monthly codes, most recent first: 0, 1, 2, 3, D, C or -',
  purpose: 'Choose a permissible purpose',
  consent: "The person's consent is required",
  searchKind: "Search by National ID, phone, driver's license, passport, or first name, last name and date of birth",
  searchDateOfBirth: 'Date of birth is required when searching by name',
} as const;
