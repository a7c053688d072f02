import { FileSearch, History, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CLIENT_ACCOUNT_FILTERS, type TClientAccount } from '@shared/schemas/business';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { formatMoney, formatNumber, formatDateTime, formatShortDate, plural } from '@shared/format';
import { useClientAccounts } from './api/accounts';
import { useSubmission, useSubmissions } from './api/submissions';
import { DefaulterForm, EMPTY_ACCOUNT_FORM, type TAccountForm } from './defaulter-form';
import { MonthlyFileUpload, SubmissionResult } from './monthly-file';
import { PageHeader } from '@web/components/layout/page-header';
import { Field } from '@web/components/ui/field';

const TABS = ['defaulter', 'file', 'history', 'clients'] as const;
type TTab = (typeof TABS)[number];

function SubmissionHistory() {
  const submissions = useSubmissions();
  const [openId, setOpenId] = useState<string | null>(null);
  const detail = useSubmission(openId);
  if (submissions.isPending) return <Skeleton className="h-48" />;
  if (!submissions.data || submissions.data.length === 0) {
    return (
      <EmptyState icon={History} title="No monthly files yet">
        Files you send appear here with their counts and rejected rows.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" data-testid="submission-history">
          <caption className="sr-only">Monthly files sent by your business, newest first</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {['Sent', 'By', 'Format', 'Status', 'Rows', 'Accepted', 'Rejected', ''].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h || <span className="sr-only">Open</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {submissions.data.map((s) => (
              <tr key={s.id} className="border-t">
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(s.createdAt)}</td>
                <td className="px-3 py-2">{s.submittedBy}</td>
                <td className="px-3 py-2 uppercase">{s.format}</td>
                <td className="px-3 py-2">
                  <Badge
                    variant={s.status === 'completed' ? 'success' : s.status === 'failed' ? 'destructive' : 'secondary'}
                    className="capitalize"
                  >
                    {s.status}
                  </Badge>
                </td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(s.total)}</td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(s.accepted)}</td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(s.rejected)}</td>
                <td className="px-3 py-2 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpenId(s.id)}
                    aria-label={`Open the file sent ${formatDateTime(s.createdAt)}`}
                  >
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {openId ? detail.data ? <SubmissionResult status={detail.data} /> : <Skeleton className="h-40" /> : null}
    </div>
  );
}

const FILTER_LABEL: Record<(typeof CLIENT_ACCOUNT_FILTERS)[number], string> = {
  all: 'All accounts',
  open: 'Open',
  negative: 'Seriously late or in default',
  disputed: 'Disputed',
  current: 'Current',
  late_30: '30 days late',
  late_60: '60 days late',
  late_90: '90 days or more late',
  default: 'In default',
  written_off: 'Written off',
  closed: 'Closed',
  paid: 'Paid in full',
};

/** An account as the form's starting point: the account and the names; ID numbers are typed again. */
function formOf(a: TClientAccount): TAccountForm {
  return {
    subject: {
      ...EMPTY_ACCOUNT_FORM.subject,
      firstName: a.firstName,
      middleName: a.middleName ?? '',
      lastName: a.lastName,
      dateOfBirth: a.dateOfBirth ?? '',
    },
    account: {
      accountNumber: a.accountNumber,
      type: a.type,
      currency: a.currency,
      principal: a.principal,
      balance: a.balance,
      openedAt: a.openedAt,
      status: a.status,
      defaultAmount: a.defaultAmount ?? '',
      defaultDate: a.defaultDate ?? '',
      paymentHistory: a.paymentHistory,
    },
  };
}

function Clients({ onUpdate }: { onUpdate: (form: TAccountForm) => void }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof CLIENT_ACCOUNT_FILTERS)[number]>('all');
  const [page, setPage] = useState(1);
  const accounts = useClientAccounts(search, status, page);
  const data = accounts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="space-y-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        role="search"
        aria-label="Find a client"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(q.trim());
        }}
      >
        <Field id="client-q" label="Account number or name" className="flex-1">
          <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="DMF-LN-0001 or Aminata Kamara" />
        </Field>
        <Field id="client-status" label="Status" className="sm:w-64">
          <NativeSelect
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as typeof status);
            }}
          >
            {CLIENT_ACCOUNT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABEL[f]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Find
        </Button>
      </form>
      {accounts.isPending ? (
        <Skeleton className="h-64" />
      ) : !data || data.accounts.length === 0 ? (
        <EmptyState icon={Users} title="No accounts found">
          {search || status !== 'all' ? 'No account you reported matches this search.' : 'Accounts you report appear here.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(data.total, { one: 'account', other: 'accounts' })}
          </p>
          <ul className="divide-y rounded-lg border" data-testid="client-accounts">
            {data.accounts.map((a) => (
              <li key={a.accountId} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium">
                    {a.fullName} <span className="font-normal text-muted-foreground">· NIN {a.maskedNationalId ?? 'not on file'}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {a.accountNumber} · {a.typeName} · balance {formatMoney(a.currency, a.balance)} · reported{' '}
                    {formatShortDate(a.lastReportedAt)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {a.disputed ? <Badge variant="warning">Disputed</Badge> : null}
                  <Badge variant={a.isNegative ? 'destructive' : a.status === 'current' ? 'success' : 'secondary'}>{a.statusName}</Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onUpdate(formOf(a))}
                    aria-label={`Report a change to ${a.accountNumber}`}
                  >
                    <Pencil aria-hidden />
                    Update
                  </Button>
                  <Button asChild size="sm" variant="ghost">
                    <Link
                      href={`/business/search?subject=${a.subjectId}&name=${encodeURIComponent(a.fullName)}`}
                      aria-label={`Review the report of ${a.fullName}`}
                    >
                      <FileSearch aria-hidden />
                      Review
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label="Pages">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export default function ReportsPage() {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const requested = params.get('tab') as TTab | null;
  const tab: TTab = requested && TABS.includes(requested) ? requested : 'defaulter';
  const [prefill, setPrefill] = useState<TAccountForm | undefined>(undefined);
  const setTab = (next: string) => navigate(`${location}?tab=${next}`, { replace: true });

  return (
    <div className="space-y-6">
      <PageHeader
        role="business"
        title="Submit Reports"
        description="Report a defaulter or any account one at a time, or send the month's file. The Credit Reference Act, 2011 asks lenders to report every month."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="defaulter">Report a Defaulter</TabsTrigger>
          <TabsTrigger value="file">Monthly file</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="clients">Clients</TabsTrigger>
        </TabsList>
        <TabsContent value="defaulter">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Report a Defaulter</h2>
              </CardTitle>
              <CardDescription>
                A defaulter report needs the full name, address, at least one valid ID number (National ID, Driver&apos;s License or
                Passport), phone number, default amount and date.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <DefaulterForm initial={prefill} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="file">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Monthly file</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <MonthlyFileUpload />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="history">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Files sent</h2>
              </CardTitle>
              <CardDescription>Every monthly file your business sent, newest first.</CardDescription>
            </CardHeader>
            <CardContent>
              <SubmissionHistory />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="clients">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Clients</h2>
              </CardTitle>
              <CardDescription>The accounts you reported. Update one when it changes, or review the person&apos;s report.</CardDescription>
            </CardHeader>
            <CardContent>
              <Clients
                onUpdate={(form) => {
                  setPrefill(form);
                  setTab('defaulter');
                }}
              />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
