import { AlertTriangle, CheckCircle2, CircleDot } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { SectionTitle } from '@web/components/ui/section-card';
import { factorCards, type TFactorGrade } from './factor-grades';

const GRADE_STYLE: Record<TFactorGrade, { variant: 'success' | 'warning' | 'destructive'; icon: typeof CheckCircle2 }> = {
  Strong: { variant: 'success', icon: CheckCircle2 },
  'Could be better': { variant: 'warning', icon: CircleDot },
  'Needs attention': { variant: 'destructive', icon: AlertTriangle },
};

/** One card per factor group: its grade in words and what would help, from the score's own reasons. */
export function FactorCards({ reasons }: { reasons: readonly { code: string; text: string }[] }) {
  return (
    <section aria-labelledby="factors-title" className="space-y-3">
      <div>
        <SectionTitle id="factors-title">What shapes your score</SectionTitle>
        <p className="text-sm text-muted-foreground">Each part of your file, graded from the reasons your score gives.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {factorCards(reasons).map((card) => {
          const { variant, icon: Icon } = GRADE_STYLE[card.grade];
          return (
            <li
              key={card.group}
              className="space-y-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
              data-testid="factor-card"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold leading-tight">{card.title}</h3>
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              </div>
              <Badge variant={variant} data-testid="factor-grade">
                {card.grade}
              </Badge>
              <p className="text-sm text-muted-foreground">{card.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
