// Every table of the product, one file per area. drizzle-kit reads this file to generate migrations.
export * from './billing';
export * from './content';
export * from './credit';
export * from './account-life';
export * from './users';
export * from './audit';
export * from './jobs';
export * from './scoring';
export * from './admin';
export * from './oversight';
export * from './consumer';
export * from './business';
export * from './rate-limits';
export * from './sign-in';
export * from './password-reset';
export * from './idempotency';
export * from './webhooks';
