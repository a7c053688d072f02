// Scans the server log of a whole test run for what must never be logged: card numbers, CVCs in
// card objects, passwords used by the tests, and the full identification numbers of the fixtures.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/server-log.jsonl';
if (!existsSync(file)) {
  console.log(`log scan: no ${file}, nothing to scan`);
  process.exit(0);
}
const text = readFileSync(file, 'utf8');
const FORBIDDEN = [
  { what: 'a card number', pattern: /\b(?:4242[ -]?4242[ -]?4242[ -]?4242|4000[ -]?0000[ -]?0000[ -]?0002|4000000000009995)\b/ },
  { what: 'a test password', pattern: /Str0ng-pass|CreditCheck-demo-1|wrong-password|not-the-password/ },
  { what: 'a full National ID of the fixtures', pattern: /\b(?:DEMO0001|SL1234567|LOCK0000[12]|SECRETNIN99|OTHER0001)\b/ },
  { what: 'a session cookie', pattern: /ccsl_session=[A-Za-z0-9_-]{20,}/ },
];
const lines = text.split('\n').filter(Boolean);
let failures = 0;
for (const { what, pattern } of FORBIDDEN) {
  const hit = lines.find((l) => pattern.test(l));
  if (hit) {
    failures++;
    console.error(`log scan: ${what} found in the server log:\n  ${hit.slice(0, 300)}`);
  }
}
console.log(
  `log scan: ${lines.length} log lines checked, ${failures === 0 ? 'nothing sensitive found' : `${failures} kinds of sensitive data found`}`,
);
process.exit(failures === 0 ? 0 : 1);
