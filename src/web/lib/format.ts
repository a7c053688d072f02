/** "$100.00" from 10000 US cents. */
export function formatUsdCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** "$250" from 25000 US cents when it is a whole amount (pricing cards). */
export function formatUsdWhole(cents: number): string {
  const hasCents = cents % 100 !== 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: hasCents ? 2 : 0 }).format(
    cents / 100,
  );
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

/** "22 Nov 2026, 15:40" in the reader's time zone; "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    date,
  );
}

/** "1,500.00" from "1500.00" without going through a float. */
export function groupAmount(amount: string): string {
  const [whole, fraction] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** "SLE 4,500.00" from the API's exact decimal string "4500.00"; "—" for none. */
export function formatMoney(currency: string, amount: string | null): string {
  return amount === null ? '—' : `${currency} ${groupAmount(amount)}`;
}

/** "12,345". */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-GB').format(value);
}

/** "42%" from 0.42. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** "1.2 MB", "84 KB" (at least 1 KB). */
export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}
