/**
 * Every error answer's `code`: stable names a program branches on (the message is for people and may
 * change). docs/api.md lists them from here; the OpenAPI document declares them as an enum. A new
 * code is added here with its usual status and what a caller should do. (An API key refused for a
 * suspended business answers 401 with BUSINESS_SUSPENDED: a refused key is always a 401.)
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, action: 'A field is missing or invalid: `errors` names each one. Fix them and send again.' },
  RESET_CODE_INVALID: {
    status: 400,
    action:
      'The password reset code is wrong, expired or already used (one answer for all, and for an identifier of no account). Ask for a new code.',
  },
  MALFORMED_BODY: { status: 400, action: 'The body is not valid JSON (or not a readable file). Check the content type and the body.' },
  NOT_SIGNED_IN: { status: 401, action: 'No session or API key, or it has ended. Sign in (or send a valid key) and retry.' },
  INVALID_CREDENTIALS: { status: 401, action: 'The username or password is wrong. The same answer whether or not the account exists.' },
  INVALID_API_KEY: { status: 401, action: 'The API key is unknown or revoked. Create a new key in Settings, API keys.' },
  SUBSCRIPTION_INACTIVE: { status: 402, action: "The business's subscription is not active. Pay on the Subscription page (/subscribe)." },
  QUOTA_EXHAUSTED: {
    status: 402,
    action: "This month's reports of the plan are used up. Upgrade the plan or wait for the 1st of next month.",
  },
  CARD_DECLINED: { status: 402, action: 'The card was declined; nothing was charged. Use another card.' },
  MOBILE_MONEY_CALLBACK_INVALID: {
    status: 400,
    action:
      'A mobile money callback we cannot read, or whose amount, currency or reference does not match the pending payment: refused and audited, nothing activated (decisions/046).',
  },
  MOBILE_MONEY_CALLBACK_REFUSED: {
    status: 403,
    action:
      "A mobile money callback that failed verification (Orange's notif_token, Afrimoney's signature) or names no payment of that provider: refused and audited, nothing activated.",
  },
  FORBIDDEN: { status: 403, action: 'Signed in, but this role or account may not do this.' },
  ACCOUNT_DISABLED: { status: 403, action: 'The account is disabled by an administrator. Contact CreditCheck SL.' },
  BUSINESS_SUSPENDED: {
    status: 403,
    action: 'The business (or its owner) is suspended or disabled: its members and keys are refused. Contact CreditCheck SL.',
  },
  BUSINESS_NOT_VERIFIED: {
    status: 403,
    action:
      'The business is not verified yet (or its verification was rejected). Upload the registration documents and wait for verification.',
  },
  IDENTITY_NOT_VERIFIED: {
    status: 403,
    action:
      'The consumer has not confirmed their identity yet (the code sent to a phone on their credit file). Confirm it on My Profile first.',
  },
  USSD_CALLER_REFUSED: {
    status: 403,
    action:
      'POST /api/ussd is for the USSD aggregator only: send the shared secret (X-USSD-Secret header or ?secret=) from an allowed address. In production without USSD_SHARED_SECRET every caller is refused.',
  },
  SMS_CALLER_REFUSED: {
    status: 403,
    action:
      'POST /api/sms/delivery-reports and /api/sms/incoming are for the SMS gateway only: put the shared secret in the callback URL (?secret=, or the X-SMS-Secret header) and call from an allowed address (decisions/046). In production without SMS_CALLBACK_SECRET every caller is refused.',
  },
  API_KEY_NOT_ALLOWED: {
    status: 403,
    action:
      'API keys are refused here: team, API keys, password, billing and settings are for staff only. Sign in as a staff member of the business.',
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    action:
      'The API key lacks the scope this route needs (`requiredScope` names it). Create a key with that scope in Settings, API keys, and use it here.',
  },
  PLAN_WITHOUT_API_ACCESS: {
    status: 401,
    action: "The business's plan no longer includes API access: its keys do not work. Upgrade to Enterprise.",
  },
  FILE_FROZEN: {
    status: 403,
    action: 'The person has frozen their credit file. Only a review of an open account held before the freeze is allowed.',
  },
  CONSENT_WITHDRAWN: {
    status: 403,
    action: 'The person has withdrawn consent for this business (and purpose). Ask them to grant it again.',
  },
  NOT_FOUND: { status: 404, action: 'No such record, or not yours.' },
  CONFLICT: {
    status: 409,
    action: 'The request conflicts with the current state (already taken, already answered, already done): `field` names what.',
  },
  DISPUTE_NEEDS_NEW_INFORMATION: {
    status: 409,
    action: 'The entry was checked and verified after an earlier dispute. Say what is new since then.',
  },
  DISPUTED_VALUE_REINSERTION: {
    status: 409,
    action:
      'The report puts back a value (or an account) a dispute corrected or removed. If it is right, send it again with certifyReinsertion: true and a note; the person is told.',
  },
  INSUFFICIENT_HISTORY: {
    status: 409,
    action:
      'The file has no score: no account is 6 months old yet (a thin file gets no score, never a low one). The score simulator has nothing to estimate from.',
  },
  NO_RECENT_REPORT: {
    status: 409,
    action: 'The file has no score: no account was reported open in the last 12 months. The score simulator has nothing to estimate from.',
  },
  FILE_IN_DEFAULT: {
    status: 409,
    action:
      'A clearance certificate cannot be issued while an account on the file is in default, written off or 90 days or more late. Settle it with the lender; once it reports the account paid, ask again.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    action: 'A request with this Idempotency-Key is still running. Wait for `Retry-After` seconds and send it again: you get its answer.',
  },
  BODY_TOO_LARGE: { status: 413, action: 'The body is over the limit (1 MiB; monthly files 64 MB or 100,000 rows). Split it.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    action: 'This content type is not accepted here: send application/json (monthly files: text/csv too).',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    action:
      'This Idempotency-Key was used in the last 24 hours for another request (another body, method or path). Use a new key for a new request.',
  },
  RATE_LIMITED: { status: 429, action: 'Too many requests: wait for `Retry-After` seconds.' },
  ACCOUNT_LOCKED: { status: 429, action: 'Too many failed sign-ins in a row: wait for `Retry-After` seconds.' },
  INTERNAL_ERROR: { status: 500, action: 'Our fault, logged. Retry later; tell us the request id if it persists.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    action: 'Starting or shutting down: retry after `Retry-After` seconds (another instance may answer).',
  },
  DATABASE_UNAVAILABLE: { status: 503, action: 'The database does not answer: an outage, not a bug. Retry after `Retry-After` seconds.' },
} as const satisfies Record<string, { status: number; action: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]];

/** The code an error of a status carries when nothing more specific is said. */
export function defaultErrorCode(status: number): TErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'NOT_SIGNED_IN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'BODY_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  }
}
