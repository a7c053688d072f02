import { Link } from 'wouter';
import { LEGAL_PAGES, type TLegalPage } from '@shared/app-routes';
import { formatDate } from '@shared/format';
import { useAppConfig } from '@web/lib/config';
import { cn } from '@web/lib/utils';
import type { TLegalDocument, TLegalFacts } from './legal-facts';
import { compliance, dataProtection } from './protection-and-compliance';
import { privacyPolicy, termsOfService } from './terms-and-privacy';

const DOCUMENTS: Record<TLegalPage, (facts: TLegalFacts) => TLegalDocument> = {
  terms: termsOfService,
  privacy: privacyPolicy,
  dataProtection,
  compliance,
};

/** When these texts last changed. */
const LAST_UPDATED = new Date('2026-11-26T12:00:00Z');

/** One of the four legal pages the footer's Legal links lead to, with the periods the product applies today. */
export default function LegalPage({ page }: { page: TLegalPage }) {
  const { data: config } = useAppConfig();
  const document = DOCUMENTS[page]({ retentionYears: config?.retentionYears, disputeDeadlineDays: config?.disputeDeadlineDays });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <nav aria-label="Legal pages" className="mb-8 flex flex-wrap gap-2">
        {(Object.keys(LEGAL_PAGES) as TLegalPage[]).map((key) => (
          <Link
            key={key}
            href={LEGAL_PAGES[key].path}
            aria-current={key === page ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              key === page && 'border-primary bg-primary text-primary-foreground hover:bg-primary',
            )}
          >
            {LEGAL_PAGES[key].title}
          </Link>
        ))}
      </nav>
      <header className="border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{LEGAL_PAGES[page].title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated {formatDate(LAST_UPDATED)}</p>
        <p className="mt-4 text-lg text-muted-foreground">{document.summary}</p>
      </header>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-8 space-y-3">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.list && (
            <ul className="list-disc space-y-2 pl-6 leading-relaxed">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p className="mt-12 border-t pt-6 text-sm text-muted-foreground">
        Questions about these terms or your information? Visit the{' '}
        <Link href="/help" className="underline">
          Help Centre
        </Link>{' '}
        or contact the Bank of Sierra Leone, which supervises the bureau.
      </p>
    </article>
  );
}
