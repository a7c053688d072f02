import { History } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { NativeSelect } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useAccessLog } from './api/access-log';
import { IdentityGate } from './identity-gate';
import { formatDateTime } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';
import { Field } from '@web/components/ui/field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { useT, withEnglish } from '@web/lib/i18n';
import { accessLogWords } from './privacy/access-log-words';
import privacyEnglish from 'english-catalogue:privacy';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ privacy: privacyEnglish });

/** The filter's choices; their words are accessLog.filter.<value> in the privacy catalogue. */
const FILTERS = [{ value: 'all' }, { value: 'report' }, { value: 'search' }, { value: 'other' }] as const;

function matches(kind: string, filter: (typeof FILTERS)[number]['value']) {
  if (filter === 'all') return true;
  if (filter === 'report') return kind === 'report';
  if (filter === 'search') return kind === 'search' || kind === 'search_no_hit';
  return kind !== 'report' && kind !== 'search' && kind !== 'search_no_hit';
}

function AccessLogTable() {
  const { t } = useT(['privacy', 'labels']);
  const log = useAccessLog();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['value']>('all');
  if (log.isPending) return <PageLoading label={t('accessLog.loading')} />;
  if (log.isError) return <QueryErrorCard query={log} />;
  const entries = log.data.entries.filter((e) => matches(e.kind, filter));
  if (log.data.entries.length === 0) {
    return (
      <EmptyState icon={History} title={t('accessLog.emptyTitle')}>
        {t('accessLog.emptyText')}
      </EmptyState>
    );
  }
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{t('accessLog.heading', { n: log.data.entries.length })}</h2>
          </CardTitle>
          <CardDescription>{t('accessLog.headingDescription')}</CardDescription>
        </div>
        <Field id="access-log-filter" label={t('accessLog.show')}>
          <NativeSelect value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)} className="w-48">
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {t(`accessLog.filter.${f.value}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </CardHeader>
      <CardContent>
        <Table caption={t('accessLog.caption')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('accessLog.when')}</TableHead>
              <TableHead>{t('accessLog.who')}</TableHead>
              <TableHead>{t('accessLog.what')}</TableHead>
              <TableHead>{t('accessLog.purpose')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e, i) => {
              const words = accessLogWords(t, e);
              return (
                <TableRow key={`${e.at}-${i}`} data-testid="access-log-entry">
                  <TableCell className="whitespace-nowrap">{formatDateTime(e.at)}</TableCell>
                  <TableCell className="font-medium">{words.who}</TableCell>
                  <TableCell>{words.what}</TableCell>
                  <TableCell>{words.purpose ?? '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {entries.length === 0 ? <p className="py-4 text-sm text-muted-foreground">{t('accessLog.nothingOfKind')}</p> : null}
        <p className="mt-4 text-xs text-muted-foreground">{t('accessLog.unexpected')}</p>
      </CardContent>
    </Card>
  );
}

/** Data Access Log: every search and report that touched the person. */
export default function ConsumerAccessLogPage() {
  const { t } = useT('privacy');
  return (
    <div className="space-y-6">
      <PageHeader role="consumer" title={t('accessLog.title')} description={t('accessLog.description')} />
      <IdentityGate>
        <AccessLogTable />
      </IdentityGate>
    </div>
  );
}
