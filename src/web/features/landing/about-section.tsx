import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';

const PILLARS = [
  { title: 'Fair', text: 'A missing record never counts against a person: a thin file gets "no score", never a low one.' },
  { title: 'Accurate', text: 'Lenders submit every month and every entry can be challenged, free of charge, by the person it describes.' },
  { title: 'Accountable', text: 'Every search is recorded with who, when and why, and the regulator sees what lenders do.' },
];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className={cn('py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="about-title" eyebrow="Vision" title="Credit that reaches every Sierra Leonean">
          CreditCheck SL gives lenders the repayment history they need to say yes with confidence, so that honest borrowers, small
          businesses and first-time borrowers can build a record and gain access to fair credit.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PILLARS.map((pillar) => (
            <li key={pillar.title} className="rounded-xl border-l-4 border-l-primary bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{pillar.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{pillar.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild variant="outline">
            <Link href="/why">Why a fair credit system matters</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
