import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf } from '../../src/server/modules/certificates/certificate-pdf';
import type { Language } from '../../src/shared/i18n';

// Issue 21: the clearance certificate is wholly in the holder's language, its page footer included.

async function textOf(language: Language): Promise<string> {
  const pdf = await renderCertificatePdf({
    id: 'c0ffee00-0000-4000-8000-000000000001',
    holderName: 'Aminata Kamara',
    maskedNationalId: '••••••1234',
    standing: 'clear',
    issuedAt: new Date('2026-11-26T10:00:00Z'),
    keyId: 'demo-key',
    signedPayload: '{"id":"x"}',
    signature: 'c2lnbmF0dXJl',
    verifyUrl: 'http://localhost/verify/c0ffee00',
    publicKeyUrl: 'http://localhost/api/certificates/public-key',
    language,
  });
  const file = join(mkdtempSync(join(tmpdir(), 'ccsl-certificate-language-')), 'c.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('the clearance certificate PDF speaks the holder’s language', () => {
  it('English: "Page 1 of 1"', async () => {
    const text = await textOf('en');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('How to check this certificate');
  });

  it('Krio: the footer too ("Pej 1 pan 1"), no English page words', async () => {
    const text = await textOf('kri');
    expect(text).toContain('Pej 1 pan 1');
    expect(text).not.toContain('Page 1 of');
    expect(text).not.toContain('How to check this certificate');
  });
});
