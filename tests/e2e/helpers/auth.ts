import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/shared/demo';
import { ROLE_API_SEGMENT, type TRole } from '../../../src/shared/roles';

export const ROLE_HOME: Record<TRole, string> = {
  business: '/business/dashboard',
  system_admin: '/admin/dashboard',
  consumer: '/consumer/dashboard',
  regulator: '/regulator/dashboard',
};

export function demoIdentifier(role: TRole): string {
  return role === 'consumer' ? DEMO_ACCOUNTS.consumer.nationalId : DEMO_ACCOUNTS[role].username;
}

/**
 * Signs the page's browser context in as a role's demo account through the API (the cookie is
 * shared with the page), then opens that role's dashboard.
 */
export async function login(page: Page, role: TRole, credentials?: { username: string; password: string }) {
  const response = await page.request.post(`/api/${ROLE_API_SEGMENT[role]}/login`, {
    data: credentials ?? { username: demoIdentifier(role), password: DEMO_PASSWORD },
  });
  expect(response.status(), `login as ${role}`).toBe(200);
  await page.goto(ROLE_HOME[role]);
}

export { DEMO_ACCOUNTS, DEMO_PASSWORD };
