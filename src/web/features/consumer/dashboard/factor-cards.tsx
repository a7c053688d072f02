import { AlertTriangle, CheckCircle2, CircleDot } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { SectionTitle } from '@web/components/ui/section-card';
import { currentLanguage, useT } from '@web/lib/i18n';
import { factorCards, type TFactorGrade } from './factor-grades';

const GRADE_STYLE: Record<TFactorGrade, { variant: 'success' | 'warning' | 'destructive'; icon: typeof CheckCircle2; key: string }> = {
  Strong: { variant: 'success', icon: CheckCircle2, key: 'strong' },
  'Could be better': { variant: 'warning', icon: CircleDot, key: 'better' },
  'Needs attention': { variant: 'destructive', icon: AlertTriangle, key: 'attention' },
};

/** One card per factor group: its grade in words and what would help, from the score's own reasons. */
export function FactorCards({ reasons }: { reasons: readonly { code: string; text: string }[] }) {
  const { t } = useT(['dashboard', 'scoring']);
  return (
    <section aria-labelledby="factors-title" className="space-y-3">
      <div>
        <SectionTitle id="factors-title">{t('factors.title')}</SectionTitle>
        <p className="text-sm text-muted-foreground">{t('factors.description')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {factorCards(reasons, t, currentLanguage()).map((card) => {
          const { variant, icon: Icon, key } = GRADE_STYLE[card.grade];
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
                {t(`factors.grade.${key}`)}
              </Badge>
              <p className="text-sm text-muted-foreground">{card.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
