import { History } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { formatNumber, formatDateTime } from '@shared/format';
import { ClientAccounts } from './client-accounts';
import { useSubmission, useSubmissions } from './api/submissions';
import { DefaulterForm, type TAccountForm } from './defaulter-form';
import { MonthlyFileUpload, SubmissionResult } from './monthly-file';
import { PageHeader } from '@web/components/layout/page-header';

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
              <CardDescription>
                The accounts you reported. Update one when it changes, review the person&apos;s report, or correct one reported in error:
                remove it, or move it to the right person.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ClientAccounts
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
