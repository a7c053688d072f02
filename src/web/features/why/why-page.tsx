import { ExternalLink, Landmark, LineChart, Sprout, TrendingDown, Lightbulb } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { useScrollToHash } from '@web/lib/use-scroll-to-hash';

const TIMELINE = [
  {
    year: '2011',
    title: 'The Credit Reference Act',
    text: 'Parliament set the rules for credit reporting: lenders submit data every month, a report is released only for a lawful purpose or with the consent of the person, and everyone may inspect and challenge their own record free of charge.',
  },
  {
    year: '2018',
    title: 'A digital-ID pilot',
    text: 'A pilot of digital identity began giving people a lifelong National Identification Number, the key that lets records from different lenders be matched to the right person.',
  },
  {
    year: '2025',
    title: 'A ministry call for expressions of interest',
    text: 'The ministry called for expressions of interest to build and run a national credit bureau, turning the law of 2011 into a working service.',
  },
];

const MEASURES = [
  { icon: LineChart, title: 'Private credit to GDP', text: 'More lending to households and firms relative to the size of the economy.' },
  {
    icon: Sprout,
    title: 'MSME loan growth and first-time borrowers',
    text: 'Small businesses and people with no past loans reaching formal credit.',
  },
  {
    icon: TrendingDown,
    title: 'Non-performing loan (NPL) ratio',
    text: 'Fewer loans going bad because lenders can see repayment history.',
  },
  { icon: Lightbulb, title: 'Innovation outcomes', text: 'New products such as mobile lending built on shared, reliable data.' },
];

const RESEARCH = [
  { label: 'World Bank: Credit reporting', href: 'https://www.worldbank.org/en/topic/financialsector/brief/credit-reporting' },
  {
    label: 'World Bank data: domestic credit to the private sector (% of GDP), Sierra Leone',
    href: 'https://data.worldbank.org/indicator/FS.AST.PRVT.GD.ZS?locations=SL',
  },
  { label: 'International Monetary Fund: Sierra Leone', href: 'https://www.imf.org/en/Countries/SLE' },
  { label: 'Bank of Sierra Leone', href: 'https://www.bsl.gov.sl/' },
];

/** The public explainer of spec section 1: why a fair credit system matters. */
export default function WhyPage() {
  useScrollToHash();
  return (
    <article>
      <header className="border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Why CreditCheck SL</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Why a fair credit system matters</h1>
          <p className="mt-6 text-lg text-muted-foreground">
            When lenders cannot see who repays, they lend to few people, ask for heavy collateral and charge everyone for the risk of the
            worst borrower. A shared, accurate record of repayment lets an honest borrower prove it, lets small businesses grow, and lets
            first-time borrowers build a history.
          </p>
        </div>
      </header>

      <section aria-labelledby="history-title" className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="history-title" className="text-2xl font-bold">
          How we got here
        </h2>
        <ol className="mt-8 space-y-8 border-l-2 border-primary/30 pl-6">
          {TIMELINE.map((item) => (
            <li key={item.year} className="relative">
              <span
                className="absolute -left-[2.1rem] top-0.5 flex size-4 rounded-full border-2 border-background bg-primary"
                aria-hidden
              />
              <p className="text-sm font-bold text-primary">{item.year}</p>
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-1 text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="impact-title" className="border-y bg-muted/40">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="impact-title" className="text-2xl font-bold">
            How we will measure impact
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {MEASURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
                <Icon className="size-6 text-primary" aria-hidden />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="legal-framework" aria-labelledby="legal-title" className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="legal-title" className="flex items-center gap-2 text-2xl font-bold">
          <Landmark className="size-6 text-primary" aria-hidden />
          Your rights and our obligations
        </h2>
        <ul className="mt-6 list-disc space-y-2 pl-6 text-muted-foreground">
          <li>A credit report is released only for a lawful purpose or with your consent, and every access is recorded.</li>
          <li>You may see your own report and score at any time, free of charge, and challenge any entry you believe is wrong.</li>
          <li>A disputed entry is marked &ldquo;disputed&rdquo; until it is resolved; the lender must answer within the deadline.</li>
          <li>Having no record never counts against you: a thin file gets &ldquo;no score&rdquo;, never a low one.</li>
          <li>Personal ID numbers are partially masked wherever they are displayed.</li>
        </ul>
      </section>

      <section aria-labelledby="research-title" className="border-t bg-muted/40">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="research-title" className="text-2xl font-bold">
            Further reading
          </h2>
          <ul className="mt-6 space-y-3">
            {RESEARCH.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                >
                  {link.label}
                  <ExternalLink className="size-4" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link href="/register">Register your business</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/auth">Check your own credit</Link>
            </Button>
          </div>
        </div>
      </section>
    </article>
  );
}
