import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';

const STEPS = [
  { title: 'Register your business', text: 'Tell us who you are: registration number, tax ID and a contact person.' },
  {
    title: 'Subscribe and get verified',
    text: 'Pay the monthly subscription by card, mobile money or bank transfer; we verify your documents.',
  },
  { title: 'Check credit', text: 'Search a customer by National ID or phone and pull a report with a score, for a lawful purpose.' },
  { title: 'Report and resolve', text: 'Submit accounts and defaulters every month and answer disputes before the deadline.' },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className={cn('border-y bg-muted/40 py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title="From registration to your first report" />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <span
                className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                aria-hidden
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
