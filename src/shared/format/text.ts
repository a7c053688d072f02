/** Words of a code that people write in capitals ("report_pdf_downloaded" -> "Report PDF downloaded"). */
const ACRONYMS: Readonly<Record<string, string>> = {
  pdf: 'PDF',
  csv: 'CSV',
  api: 'API',
  sms: 'SMS',
  id: 'ID',
  nin: 'NIN',
  ip: 'IP',
  psi: 'PSI',
};

/** "Account review" from the code "account_review" (purposes, statuses, categories). */
export function labelFromCode(code: string): string {
  const text = code
    .split('_')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Business verified" from the audit action "admin.business_verified": the event, not its area. */
export function labelFromAuditAction(action: string): string {
  return labelFromCode(action.includes('.') ? action.slice(action.indexOf('.') + 1) : action);
}
