import { Quote } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';

/** Static sample entries (spec section 2); labelled as illustrations, not as real customers. */
const TESTIMONIALS = [
  {
    quote: 'Before the bureau we lent on trust alone. Now a National ID search tells us in seconds who repays.',
    name: 'Loan officer',
    org: 'Microfinance institution, Freetown',
  },
  {
    quote: 'Reporting our monthly file takes minutes, and disputes come to us with a clear deadline.',
    name: 'Credit manager',
    org: 'Commercial bank, Bo',
  },
  { quote: 'I checked my own report for free and had an old loan corrected within the month.', name: 'Trader', org: 'Consumer, Kenema' },
];

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className={cn('py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Built for lenders and borrowers alike">
          Illustrative examples of how the bureau is used.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.org}>
              <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
                <Quote className="size-6 text-primary" aria-hidden />
                <blockquote className="mt-3 flex-1 text-sm">{t.quote}</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{t.name}</span>
                  <span className="block text-muted-foreground">{t.org}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
