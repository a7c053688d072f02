import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { businessPortalPayload, businessScreenPayload, consumerPayload } from '../helpers/fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const countUsers = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`))[0].n;
const fieldMessages = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('POST /api/businesses/register, registration screen payload', () => {
  it('creates the business, answers 201 with its id, and the business can sign in with its email', async () => {
    const res = await post('/api/businesses/register', businessScreenPayload());
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    const login = await post('/api/businesses/login', { username: 'accounts@freetowntraders.sl', password: 'Str0ng-pass' });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/me',
      headers: { cookie: `ccsl_session=${login.cookies[0].value}` },
    });
    expect(me.json()).toMatchObject({
      businessName: 'Freetown Traders Ltd',
      verificationStatus: 'pending',
      planCode: 'starter',
      subscriptionStatus: 'inactive',
    });
  });

  it("answers every bad field with the specification's message and stores nothing", async () => {
    const before = await countUsers();
    const res = await post('/api/businesses/register', {
      businessName: 'A',
      businessType: '',
      registrationNumber: '',
      taxId: 'x',
      address: 'abc',
      contactName: '',
      contactPosition: 'x',
      phone: '123',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({
      businessName: 'Business name is required',
      businessType: 'Please select a business type',
      registrationNumber: 'Registration number is required',
      taxId: 'Tax ID is required',
      address: 'Address is required',
      contactName: 'Contact name is required',
      contactPosition: 'Position is required',
      phone: 'Valid phone number is required',
      email: 'Valid email is required',
      password: 'Password must be at least 8 characters',
    });
    expect(await countUsers()).toBe(before);
  });

  it('gives the same messages for missing fields', async () => {
    const res = await post('/api/businesses/register', {});
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({ businessName: 'Business name is required', email: 'Valid email is required' });
  });

  it('refuses a phone that is long enough but not a real number', async () => {
    const res = await post('/api/businesses/register', businessScreenPayload({ phone: '+232 00 000 0000', email: 'x@y.sl' }));
    expect(fieldMessages(res.json())).toEqual({ phone: 'Valid phone number is required' });
  });

  it('answers 409 naming the field for a duplicate email or phone', async () => {
    const email = await post('/api/businesses/register', businessScreenPayload({ phone: '+232 76 555 999' }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ field: 'email' });
    const phone = await post('/api/businesses/register', businessScreenPayload({ email: 'other@freetowntraders.sl' }));
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ field: 'phone' });
  });
});

describe('POST /api/businesses/register, access portal payload', () => {
  it('creates the business and it signs in with its username', async () => {
    const res = await post('/api/businesses/register', businessPortalPayload());
    expect(res.statusCode).toBe(201);
    expect((await post('/api/businesses/login', { username: 'bo-micro', password: 'Str0ng-pass' })).statusCode).toBe(200);
  });

  it("answers the portal form's messages", async () => {
    const before = await countUsers();
    const res = await post('/api/businesses/register', {
      userType: 'business',
      businessName: '',
      registrationNumber: '',
      contactName: '',
      email: 'bad',
      phone: '',
      username: 'ab',
      password: 'short',
      confirmPassword: 'different',
      agreeToTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({
      businessName: 'Business name is required',
      registrationNumber: 'Registration number is required',
      contactName: 'Contact person name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 8 characters',
      agreeToTerms: 'You must agree to the terms',
    });
    expect(await countUsers()).toBe(before);
  });

  it("says passwords don't match on the confirm field", async () => {
    const res = await post(
      '/api/businesses/register',
      businessPortalPayload({ username: 'new-one', email: 'n@x.sl', phone: '+23278000111', confirmPassword: 'Other-pass1' }),
    );
    expect(fieldMessages(res.json())).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('answers 409 for a username already taken, whatever its case', async () => {
    const res = await post(
      '/api/businesses/register',
      businessPortalPayload({ username: 'BO-MICRO', email: 'new@bo.sl', phone: '+23278999888' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'username', message: 'This username is already taken' });
  });
});

describe('POST /api/consumers/register', () => {
  it('creates the consumer, who signs in with the NIN', async () => {
    const res = await post('/api/consumers/register', consumerPayload({ nationalId: ' sl-1234567 ' }));
    expect(res.statusCode).toBe(201);
    const login = await post('/api/consumers/login', { username: 'SL1234567', password: 'Str0ng-pass' });
    expect(login.statusCode).toBe(200);
  });

  it("answers the portal's consumer messages and stores nothing", async () => {
    const before = await countUsers();
    const res = await post('/api/consumers/register', {
      userType: 'consumer',
      nationalId: '',
      firstName: '',
      lastName: '',
      email: 'nope',
      phone: '',
      dateOfBirth: '',
      password: 'short',
      confirmPassword: 'short',
      consentToDataProcessing: false,
      agreeToTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({
      nationalId: 'National ID is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      dateOfBirth: 'Date of birth is required',
      password: 'Password must be at least 8 characters',
      consentToDataProcessing: 'Consent to data processing is required',
      agreeToTerms: 'You must agree to the terms',
    });
    expect(fieldMessages(res.json()).email).toBeDefined();
    expect(await countUsers()).toBe(before);
  });

  it('refuses a date of birth in the future or not a date', async () => {
    for (const dateOfBirth of ['2999-01-01', '1990-13-45', '15/06/1990']) {
      const res = await post('/api/consumers/register', consumerPayload({ nationalId: 'NEWNIN001', phone: '+23276999000', dateOfBirth }));
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(fieldMessages(res.json()).dateOfBirth).toBe('Invalid date');
    }
  });

  it('answers 409 for a NIN or a phone already registered', async () => {
    const nin = await post('/api/consumers/register', consumerPayload({ nationalId: 'sl1234567', phone: '+23276888777' }));
    expect(nin.statusCode).toBe(409);
    expect(nin.json()).toMatchObject({ field: 'nationalId' });
    const phone = await post('/api/consumers/register', consumerPayload({ nationalId: 'OTHER0001' }));
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ field: 'phone' });
  });
});

describe('password confirmation', () => {
  it("reports a mismatch together with the other fields' messages", async () => {
    const res = await post('/api/consumers/register', consumerPayload({ firstName: '', confirmPassword: 'Different-1' }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({ firstName: 'First name is required', confirmPassword: "Passwords don't match" });
    const biz = await post('/api/businesses/register', businessPortalPayload({ businessName: '', confirmPassword: 'Different-1' }));
    expect(fieldMessages(biz.json())).toMatchObject({
      businessName: 'Business name is required',
      confirmPassword: "Passwords don't match",
    });
  });
});
