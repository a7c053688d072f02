import type { TRole } from '@shared/roles';

export interface TRoleInfo {
  role: TRole;
  name: string;
  description: string;
  environment: string;
  privileges: string[];
  /** Where a signed-in user of this role lands. */
  home: string;
  /** Self-registration exists only for business and consumer (spec section 6). */
  canSelfRegister: boolean;
  identifierLabel: string;
}

/** The four roles as the access portal's cards and the role headers present them. */
export const ROLE_INFO: Record<TRole, TRoleInfo> = {
  business: {
    role: 'business',
    name: 'Business / Vendor',
    description: 'Banks, microfinance institutions, retailers and mobile lenders checking and reporting credit.',
    environment: 'Business Operations Portal',
    privileges: ['Submit credit reports', 'Search customers', 'Respond to disputes', 'Analytics'],
    home: '/business/dashboard',
    canSelfRegister: true,
    identifierLabel: 'Username or Email',
  },
  consumer: {
    role: 'consumer',
    name: 'Consumer',
    description: 'Check your own credit for free, protected under the national data protection act.',
    environment: 'Personal Credit Portal',
    privileges: ['View own credit reports and history', 'File disputes', 'Manage consent and privacy controls'],
    home: '/consumer/dashboard',
    canSelfRegister: true,
    identifierLabel: 'National ID or Phone',
  },
  system_admin: {
    role: 'system_admin',
    name: 'System Administrator',
    description: 'Runs the bureau: accounts, security, content and data oversight.',
    environment: 'Administrative Control Centre',
    privileges: ['Full system control', 'User management', 'Security configuration', 'Data oversight'],
    home: '/admin/dashboard',
    canSelfRegister: false,
    identifierLabel: 'Username',
  },
  regulator: {
    role: 'regulator',
    name: 'Government Regulator',
    description: 'Bank of Sierra Leone supervision of lenders and of the bureau.',
    environment: 'Regulatory Oversight Console',
    privileges: ['Monitor compliance', 'Audit reports', 'Investigate complaints', 'Oversee policy'],
    home: '/regulator/dashboard',
    canSelfRegister: false,
    identifierLabel: 'Username',
  },
};

/** The order of the portal's cards. */
export const PORTAL_ROLE_ORDER: TRole[] = ['business', 'consumer', 'system_admin', 'regulator'];

/** Each role's header links live with the app's route list, which the server also reads. */
export { ROLE_NAV, type TNavLink } from '@shared/app-routes';
