/** Unique values per call, so tests can register again on the shared e2e database. */
let counter = 0;
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** A valid Sierra Leone mobile number (+232 76 followed by six digits). */
export function uniquePhone(): string {
  const six = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `+23276${six}`;
}

/** A National ID of 6 to 20 letters and digits. */
export function uniqueNationalId(): string {
  return `SL${uniqueSuffix()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 20);
}
