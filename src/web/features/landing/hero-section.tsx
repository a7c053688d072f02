import { ArrowRight, BadgeCheck, Landmark, Lock, Scale } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCmsContent } from './use-cms-content';

const ASSURANCES = [
  { icon: Scale, title: 'Credit Reference Act, 2011', text: 'Reports released only for a lawful purpose or with consent.' },
  { icon: Landmark, title: 'Supervised by the Bank of Sierra Leone', text: 'Every search and report is recorded and auditable.' },
  { icon: Lock, title: 'Your data, protected', text: 'Personal ID numbers are masked and consumers control consent.' },
  { icon: BadgeCheck, title: 'Free for consumers', text: 'Check, correct and dispute your own record at no cost.' },
];

export function HeroSection() {
  const { text, isLoading } = useCmsContent('hero');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            <span className="size-2 rounded-full bg-primary" aria-hidden />
            National credit bureau of Sierra Leone
          </p>
          {isLoading ? (
            <div className="space-y-3" aria-hidden>
              <Skeleton className="h-12 w-4/5" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <>
              <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
                {text.main_headline}
              </h1>
              <p className="max-w-xl text-lg text-muted-foreground">{text.subtitle}</p>
            </>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/register">
                Register now
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              Learn More
            </Button>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {ASSURANCES.map(({ icon: Icon, title, text: body }) => (
            <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
              <Icon className="size-6 text-primary" aria-hidden />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
