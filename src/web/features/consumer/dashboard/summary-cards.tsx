import { ArrowRight, FileText, Lock, Scale, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate, formatDateTime, formatNumber } from '@shared/format';
import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/section-card';
import { StatCard } from '@web/components/ui/stat-card';
import { useT } from '@web/lib/i18n';
import { accessLogWords } from '../privacy/access-log-words';

function OpenLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      {children} <ArrowRight className="size-3.5" aria-hidden />
    </Link>
  );
}

/** Reports, active disputes and privacy status: the spec's dashboard figures. */
export function SummaryCards({ data }: { data: TConsumerDashboard }) {
  const { t } = useT('dashboard');
  const privacy = data.privacy;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatCard
        label={t('summary.reports')}
        value={formatNumber(data.reportsGenerated)}
        icon={FileText}
        testId="stat-reports"
        hint={
          <span className="flex flex-col gap-1">
            {data.lastReportAt ? t('summary.lastGenerated', { date: formatDate(data.lastReportAt) }) : t('summary.noneGenerated')}
            <OpenLink href="/consumer/reports">{t('summary.creditReports')}</OpenLink>
          </span>
        }
      />
      <StatCard
        label={t('summary.activeDisputes')}
        value={formatNumber(data.activeDisputes)}
        icon={Scale}
        testId="stat-active-disputes"
        hint={
          <span className="flex flex-col gap-1">
            {t('summary.accountsOnFile', {
              count: data.accounts.total,
              formatted: formatNumber(data.accounts.total),
              disputed: formatNumber(data.accounts.disputed),
            })}
            <OpenLink href="/consumer/disputes">{t('summary.disputes')}</OpenLink>
          </span>
        }
      />
      <StatCard
        label={t('summary.privacyStatus')}
        value={privacy.frozenAt ? t('summary.frozen') : t('summary.notFrozen')}
        icon={ShieldAlert}
        testId="stat-privacy"
        tone={privacy.frozenAt ? 'warning' : 'default'}
        hint={
          <span className="flex flex-col gap-1">
            {privacy.frozenAt ? t('summary.since', { date: formatDate(privacy.frozenAt) }) : t('summary.lendersMayCheck')}
            {t(privacy.fraudAlert ? 'summary.alertOn' : 'summary.alertOff') +
              t('summary.consents', { count: privacy.activeConsents, formatted: formatNumber(privacy.activeConsents) })}
            <OpenLink href="/consumer/privacy">{t('summary.privacyControls')}</OpenLink>
          </span>
        }
      />
    </div>
  );
}

/** The spec's quick actions besides the report ones (which sit with the report list). */
export function QuickActions() {
  const { t } = useT('dashboard');
  return (
    <SectionCard title={t('quick.title')} contentClassName="grid gap-2">
      <Button asChild variant="outline">
        <Link href="/consumer/disputes">
          <Scale aria-hidden />
          {t('quick.dispute')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/consumer/privacy">
          <Lock aria-hidden />
          {t('quick.freeze')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/consumer/access-log">
          <FileText aria-hidden />
          {t('quick.whoLooked')}
        </Link>
      </Button>
    </SectionCard>
  );
}

/** Searches and reports by businesses, newest first. */
export function RecentActivity({ data }: { data: TConsumerDashboard }) {
  const { t } = useT('dashboard');
  return (
    <SectionCard title={t('activity.title')} description={t('activity.description')}>
      {data.recentActivity.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('activity.none')}</p>
      ) : (
        <ul className="divide-y">
          {data.recentActivity.map((entry, i) => {
            const words = accessLogWords(t, entry);
            return (
              <li key={`${entry.at}-${i}`} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{words.who}</span> · {words.what}
                  {words.purpose ? <span className="text-muted-foreground"> ({words.purpose})</span> : null}
                </span>
                <span className="shrink-0 text-muted-foreground">{formatDateTime(entry.at)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3">
        <OpenLink href="/consumer/access-log">{t('activity.accessLog')}</OpenLink>
      </div>
    </SectionCard>
  );
}
