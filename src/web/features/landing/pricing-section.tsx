import { Check } from 'lucide-react';
import { Link } from 'wouter';
import type { TPlan } from '@shared/schemas/payments';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatUsdWhole } from '@shared/format';
import { usePlans } from '@web/lib/plans';
import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';
import { useCmsContent } from './use-cms-content';

interface TPriceCard {
  key: string;
  title: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  cta: { label: string; href: string };
  isPopular?: boolean;
}

const MOST_POPULAR_CODE = 'professional';

function planPrice(plan: TPlan): { price: string; period?: string } {
  if (plan.priceUsdCents === null) return { price: 'Custom' };
  if (plan.isFree || plan.priceUsdCents === 0) return { price: 'Free' };
  return { price: formatUsdWhole(plan.priceUsdCents), period: '/month' };
}

function PriceCardView({ card }: { card: TPriceCard }) {
  return (
    <li
      data-testid={`plan-${card.key}`}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-6 shadow-sm',
        card.isPopular && 'border-primary ring-2 ring-primary',
      )}
    >
      {card.isPopular ? <Badge className="absolute -top-3 left-6">Most Popular</Badge> : null}
      <h3 className="text-lg font-semibold">{card.title}</h3>
      <p className="mt-4">
        <span className="text-4xl font-bold tracking-tight">{card.price}</span>
        {card.period ? <span className="text-sm text-muted-foreground">{card.period}</span> : null}
      </p>
      <p className="mt-3 text-sm text-muted-foreground">{card.description}</p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {card.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6" variant={card.isPopular ? 'default' : 'outline'}>
        <Link href={card.cta.href}>{card.cta.label}</Link>
      </Button>
    </li>
  );
}

export function PricingSection() {
  const { text } = useCmsContent('pricing');
  const plans = usePlans();

  const consumerCard: TPriceCard = {
    key: 'consumer',
    title: text.free_tier_title,
    price: 'Free',
    description: text.free_tier_description,
    features: [
      'Your own credit report and score',
      'Dispute wrong entries',
      'Consent and privacy controls',
      'See every access to your data',
    ],
    cta: { label: 'Check my credit', href: '/auth' },
  };

  const businessCards: TPriceCard[] = (plans.data?.plans ?? [])
    .filter((plan) => plan.isPublic)
    .map((plan) => ({
      key: plan.code,
      title:
        plan.code === 'enterprise' ? text.enterprise_tier_title : plan.code === MOST_POPULAR_CODE ? text.standard_tier_title : plan.name,
      ...planPrice(plan),
      description: plan.code === 'enterprise' ? text.enterprise_tier_description : plan.description,
      features: plan.features,
      cta: plan.priceUsdCents === null ? { label: 'Contact us', href: '/help' } : { label: 'Register now', href: '/register' },
      isPopular: plan.code === MOST_POPULAR_CODE,
    }));

  return (
    <section id="pricing" aria-labelledby="pricing-title" className={cn('border-y bg-muted/40 py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="A flat monthly fee of $250, always free for consumers">
          Pay by bank transfer, mobile money or credit card, with an invoice before each monthly renewal.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          <PriceCardView card={consumerCard} />
          {plans.isPending
            ? [0, 1, 2].map((i) => (
                <li key={i} className="rounded-xl border bg-card p-6" aria-hidden>
                  <Skeleton className="h-6 w-1/2" />
                  <Skeleton className="mt-4 h-10 w-1/3" />
                  <Skeleton className="mt-6 h-24 w-full" />
                </li>
              ))
            : businessCards.map((card) => <PriceCardView key={card.key} card={card} />)}
        </ul>
        {plans.isError ? (
          <p role="status" className="mt-6 text-center text-sm text-muted-foreground">
            Business plans cannot be shown right now. Please try again later.
          </p>
        ) : null}
      </div>
    </section>
  );
}
