/** "Account review" from the code "account_review" (purposes, statuses, categories). */
export function labelFromCode(code: string): string {
  const text = code.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Business verified" from the audit action "admin.business_verified": the event, not its area. */
export function labelFromAuditAction(action: string): string {
  return labelFromCode(action.includes('.') ? action.slice(action.indexOf('.') + 1) : action);
}
