/** Valid request bodies to start from; tests override the fields they are about. */
export function consumerPayload(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'consumer',
    nationalId: 'SL1234567',
    firstName: 'Fatmata',
    lastName: 'Sesay',
    email: '',
    phone: '+232 77 123 456',
    dateOfBirth: '1990-06-15',
    password: 'Str0ng-pass',
    confirmPassword: 'Str0ng-pass',
    consentToDataProcessing: true,
    agreeToTerms: true,
    ...overrides,
  };
}

export function businessScreenPayload(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Freetown Traders Ltd',
    businessType: 'retail',
    registrationNumber: 'SL-CAC-2024-1234',
    taxId: 'TIN-5550001',
    address: '5 Wilberforce Street, Freetown',
    contactName: 'Isatu Bangura',
    contactPosition: 'Director',
    phone: '+232 76 555 123',
    email: 'accounts@freetowntraders.sl',
    password: 'Str0ng-pass',
    ...overrides,
  };
}

export function businessPortalPayload(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'business',
    businessName: 'Bo Microcredit',
    registrationNumber: 'SL-CAC-2023-9876',
    contactName: 'Alhaji Conteh',
    email: 'loans@bomicrocredit.sl',
    phone: '+232 78 444 555',
    username: 'bo-micro',
    password: 'Str0ng-pass',
    confirmPassword: 'Str0ng-pass',
    agreeToTerms: true,
    ...overrides,
  };
}
