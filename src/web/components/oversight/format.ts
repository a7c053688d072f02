/** "admin.business_verified" -> "Business verified". */
export function actionLabel(action: string): string {
  const last = action.includes('.') ? action.slice(action.indexOf('.') + 1) : action;
  const text = last.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** YYYY-MM-DD of a date some days before today (UTC). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
