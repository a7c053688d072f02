/** "$100.00" from 10000 US cents. */
export function formatUsdCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** "$250" from 25000 US cents when it is a whole amount (pricing cards). */
export function formatUsdWhole(cents: number): string {
  const hasCents = cents % 100 !== 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: hasCents ? 2 : 0 }).format(cents / 100);
}

/** "2,275,000" old Leones. */
export function formatSll(amount: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** "22 Nov 2026, 15:40". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** "SLE 4,500.00" from the API's exact decimal string "4500.00"; "—" for none. */
export function formatMoney(currency: string, amount: string | null): string {
  if (amount === null) return '—';
  return `${currency} ${Number(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
