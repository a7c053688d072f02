import { isApiError } from '@web/lib/api';

/**
 * What a refused removal or move says, in plain words chosen by the refusal's code (never its status
 * or code on the page). A refusal about the person's details (a 409 from matching) keeps the
 * server's sentence, which is written for people.
 */
export function correctionRefusalOf(error: unknown): string | null {
  if (!error) return null;
  if (!isApiError(error)) return 'CreditCheck SL could not be reached. Check the connection and try again.';
  switch (error.code) {
    case 'NOT_FOUND':
      return 'This account is no longer on file: it was removed or moved already, or your business did not report it.';
    case 'BUSINESS_NOT_VERIFIED':
      return 'Your business is not verified yet. Accounts can be corrected once it is.';
    case 'BUSINESS_SUSPENDED':
      return 'Your business is suspended, so its accounts cannot be corrected. Contact CreditCheck SL.';
    case 'FORBIDDEN':
      return 'Only the business that reported this account can correct it.';
    case 'NOT_SIGNED_IN':
      return 'Your session has ended. Sign in again, then correct the account.';
    case 'RATE_LIMITED':
      return 'Too many requests at once. Wait a moment and try again.';
    case 'SERVICE_UNAVAILABLE':
    case 'DATABASE_UNAVAILABLE':
    case 'INTERNAL_ERROR':
      return 'Something went wrong on our side and nothing changed. Try again in a moment.';
    default:
      return error.serverMessage;
  }
}
