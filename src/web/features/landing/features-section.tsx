import { BrainCircuit, FileWarning, Fingerprint, Gauge, Scale, FileStack } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';
import { useCmsContent } from './use-cms-content';

export function FeaturesSection() {
  const { text } = useCmsContent('features');
  const features = [
    { icon: BrainCircuit, title: text.ai_scoring_title, description: text.ai_scoring_description },
    { icon: Gauge, title: text.real_time_title, description: text.real_time_description },
    { icon: FileStack, title: text.comprehensive_title, description: text.comprehensive_description },
    {
      icon: FileWarning,
      title: 'Default Reporting',
      description: 'Report a defaulter with full name, address, a valid ID number, phone, default amount and date.',
    },
    {
      icon: Scale,
      title: 'Dispute Resolution',
      description: 'A disputed entry is marked "disputed" at once and stays so until the lender answers.',
    },
    {
      icon: Fingerprint,
      title: 'National ID Matching',
      description: 'People are matched by National Identification Number, with name, date of birth and phone where coverage is partial.',
    },
  ];
  return (
    <section id="features" aria-labelledby="features-title" className={cn('py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="features-title" eyebrow="Build and use" title="Everything a lender needs to decide fairly">
          One registry of repayment history, shared by every lender in the country.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
