/** Demo accounts, created by the seed only when demo mode is on; shown in the access portal's demo box. */
export const DEMO_PASSWORD = 'CreditCheck-demo-1';
export const DEMO_ACCOUNTS = {
  system_admin: { username: 'demo-admin' },
  business: { username: 'demo-business', businessName: 'Demo Microfinance Ltd' },
  regulator: { username: 'demo-regulator' },
  consumer: { nationalId: 'DEMO0001', phone: '+23276000001', firstName: 'Aminata', lastName: 'Kamara' },
} as const;

/**
 * A second demo consumer whose file is in good standing (a current loan, a mobile money loan paid
 * off), so the clearance certificate (decisions/045) can be tried in demo mode: Aminata Kamara's
 * file holds a default, and a certificate is refused while it does. Same demo password; not in the
 * portal's demo box (README lists it).
 */
export const DEMO_CLEAN_CONSUMER = {
  nationalId: 'DEMO0004',
  phone: '+23276000004',
  firstName: 'Fatmata',
  lastName: 'Conteh',
  dateOfBirth: '1985-11-02',
} as const;

/** The demo consumer's USSD PIN (decisions/044), set by the seed: the simulator at /ussd-simulator takes it at once. */
export const DEMO_USSD_PIN = '4826';

/**
 * A second demo business on the Enterprise plan (API keys, white-label PDFs, 50 team seats), so the
 * Enterprise features can be tried in demo mode; same demo password. Not in the portal's demo box.
 */
export const DEMO_ENTERPRISE = {
  username: 'demo-enterprise',
  businessName: 'Demo Commercial Bank SL',
  email: 'api@demo-commercial-bank.sl',
} as const;
