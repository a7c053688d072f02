import { FileSearch, History, Search, UserRound } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import type { TCreditReport, TCreditReportRequest } from '@shared/schemas/credit';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { hasErrorCode } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { useUsage } from './api/dashboard';
import { reportPdfUrl, useReportCopies, useReportCopy } from './api/report-copies';
import { useCreditSearch, usePullReport, usePurposes } from './api/search';
import { BandBadge, PURPOSE_LABEL } from './parts';
import { InquiryRefusal } from './inquiry-refusal';
import { ReportView } from './report-view';
import { EMPTY_SEARCH, SEARCH_KINDS, formFromQuery, searchResolver, toSearchPayload, type TSearchForm } from './search-form-model';
import { formatDateTime, plural } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';

function UsageLine() {
  const usage = useUsage();
  if (!usage.data) return <Skeleton className="h-5 w-64" />;
  const u = usage.data;
  return (
    <p className="text-sm text-muted-foreground" data-testid="usage-line">
      <span className="font-medium text-foreground">{u.remaining}</span> of {u.monthlyQuota} credit reports left this month on the{' '}
      {u.planName} plan. Searches are free; each report counts.
    </p>
  );
}

function RecentReports({ onOpen }: { onOpen: (id: string) => void }) {
  const reports = useReportCopies();
  if (reports.isPending) return <Skeleton className="h-24" />;
  if (!reports.data || reports.data.length === 0)
    return <p className="text-sm text-muted-foreground">Reports you pull appear here; open them again at no charge.</p>;
  return (
    <ul className="divide-y rounded-lg border">
      {reports.data.slice(0, 8).map((r) => (
        <li key={r.reportId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <div>
            <p className="font-medium">{r.subjectName}</p>
            <p className="text-xs text-muted-foreground">
              {formatDateTime(r.createdAt)} · {PURPOSE_LABEL(r.purpose)} · {r.pulledBy}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <BandBadge band={r.band} score={r.score} />
            <Button size="sm" variant="outline" onClick={() => onOpen(r.reportId)}>
              Open
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const initialQuery = params.get('q') ?? '';
  const subjectParam = params.get('subject');
  const subjectName = params.get('name') ?? 'this person';
  const [openedReportId, setOpenedReportId] = useState<string | null>(params.get('report'));
  const purposes = usePurposes();
  const form = useForm<TSearchForm>({
    resolver: searchResolver,
    defaultValues: { ...EMPTY_SEARCH, ...formFromQuery(initialQuery), purpose: subjectParam ? 'account_review' : '' },
  });
  const { errors } = form.formState;
  const by = form.watch('by');
  const purpose = form.watch('purpose');
  const reportRef = useRef<HTMLDivElement>(null);
  const [report, setReport] = useState<TCreditReport | null>(null);

  const search = useCreditSearch({ onError: (error) => applyServerFieldErrors(form, error) });
  const pull = usePullReport({
    onSuccess: (result) => {
      setOpenedReportId(null);
      setReport(result);
    },
  });
  const stored = useReportCopy(openedReportId);
  const shown = report ?? stored.data ?? null;

  useEffect(() => {
    if (shown) reportRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shown]);

  const pullReport = async (subjectId: string) => {
    const isPurposeOk = await form.trigger('purpose');
    if (!isPurposeOk) return;
    if (!form.getValues('consent')) {
      form.setError('consent', { type: 'validation', message: "The person's consent is required" }, { shouldFocus: true });
      return;
    }
    pull.mutate({ subjectId, purpose: form.getValues('purpose') as TCreditReportRequest['purpose'], consent: true });
  };

  const purposeDescription = useMemo(() => purposes.data?.find((p) => p.code === purpose)?.description, [purposes.data, purpose]);
  // A 400 is shown under the fields; any other refusal (quota, subscription, frozen file) above the button.
  const searchRefusal = search.error && !hasErrorCode(search.error, 'VALIDATION_FAILED') ? search.error : null;
  const candidates = search.data?.candidates;

  return (
    <div className="space-y-6">
      <div className="print:hidden">
        <PageHeader
          role="business"
          title="Customer Search"
          description="Find a person by an identification number, a phone, or a name with a date of birth, then pull their report for a permissible purpose with their consent."
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-3 print:hidden">
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Search the registry</h2>
            </CardTitle>
            <UsageLine />
          </CardHeader>
          <CardContent>
            <form
              className="space-y-5"
              noValidate
              onSubmit={form.handleSubmit((values) => search.mutate(toSearchPayload(values)))}
              aria-label="Search the registry"
            >
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Search by</legend>
                <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Search by">
                  {SEARCH_KINDS.map((kind) => (
                    <label
                      key={kind.value}
                      className={cn(
                        'cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        by === kind.value ? 'border-primary bg-accent text-accent-foreground' : 'hover:bg-muted',
                      )}
                    >
                      <input type="radio" className="sr-only" value={kind.value} {...form.register('by')} />
                      {kind.label}
                    </label>
                  ))}
                </div>
              </fieldset>

              {by === 'name' ? (
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field id="firstName" label="First name" error={errors.firstName?.message}>
                    <Input autoComplete="off" {...form.register('firstName')} />
                  </Field>
                  <Field id="lastName" label="Last name" error={errors.lastName?.message}>
                    <Input autoComplete="off" {...form.register('lastName')} />
                  </Field>
                  <Field id="dateOfBirth" label="Date of birth" error={errors.dateOfBirth?.message}>
                    <Input type="date" {...form.register('dateOfBirth')} />
                  </Field>
                </div>
              ) : (
                <Field
                  id={by}
                  label={
                    SEARCH_KINDS.find((k) => k.value === by)!.label +
                    (by === 'nationalId' ? ' (NIN)' : by === 'phone' ? ' number' : ' number')
                  }
                  error={errors[by]?.message}
                  hint={by === 'phone' ? 'Format: +232 XX XXX XXXX' : undefined}
                >
                  <Input key={by} autoComplete="off" placeholder={by === 'phone' ? '+232 XX XXX XXXX' : undefined} {...form.register(by)} />
                </Field>
              )}

              <Field id="purpose" label="Permissible purpose" error={errors.purpose?.message} hint={purposeDescription}>
                <NativeSelect {...form.register('purpose')}>
                  <option value="">Choose a purpose…</option>
                  {purposes.data?.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>

              <Controller
                control={form.control}
                name="consent"
                render={({ field }) => (
                  <CheckboxField
                    id="consent"
                    checked={field.value}
                    onCheckedChange={(checked) => {
                      field.onChange(checked);
                      if (checked) form.clearErrors('consent');
                    }}
                    error={errors.consent?.message}
                    label="The person has given their consent to this credit check (needed to pull a report; keep the signed form)."
                  />
                )}
              />

              {searchRefusal ? <InquiryRefusal error={searchRefusal} /> : null}

              <Button type="submit" disabled={search.isPending}>
                <Search aria-hidden />
                {search.isPending ? 'Searching…' : 'Search'}
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="flex items-center gap-2">
                <History className="size-5" aria-hidden />
                Reports you pulled
              </h2>
            </CardTitle>
            <CardDescription>Opening one again is free: no new inquiry, no quota.</CardDescription>
          </CardHeader>
          <CardContent>
            <RecentReports
              onOpen={(id) => {
                setReport(null);
                setOpenedReportId(id);
              }}
            />
          </CardContent>
        </Card>
      </div>

      {subjectParam && !shown ? (
        <Card className="print:hidden" data-testid="client-review">
          <CardHeader>
            <CardTitle>
              <h2>Review {subjectName}</h2>
            </CardTitle>
            <CardDescription>
              A client of yours: choose the purpose above (review of an existing account is preselected), confirm consent, and pull their
              report.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void pullReport(subjectParam)} disabled={pull.isPending}>
              <FileSearch aria-hidden />
              {pull.isPending ? 'Pulling report…' : 'Pull report'}
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {candidates ? (
        <section aria-labelledby="results-title" className="space-y-3 print:hidden">
          <h2 id="results-title" className="text-lg font-semibold">
            {candidates.length === 0 ? 'No one found' : `${plural(candidates.length, { one: 'person', other: 'people' })} found`}
          </h2>
          {candidates.length === 0 ? (
            <EmptyState icon={UserRound} title="No match in the registry">
              Nobody matches these terms. The search is recorded, as the law requires; a person with no file has no record against them.
            </EmptyState>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="candidates">
              {candidates.map((c) => (
                <li key={c.subjectId}>
                  <Card>
                    <CardContent className="flex flex-wrap items-center justify-between gap-4 p-4">
                      <div className="space-y-1">
                        <p className="font-semibold">{c.fullName}</p>
                        <p className="text-sm text-muted-foreground">
                          NIN {c.maskedNationalId ?? 'not on file'} · born {c.birthYear ?? 'unknown'} · {c.district ?? 'district unknown'}
                        </p>
                        <div className="flex items-center gap-2 text-xs text-muted-foreground">
                          <span>Match {c.matchScore}%</span>
                          <span className="h-1.5 w-24 overflow-hidden rounded-full bg-muted" aria-hidden>
                            <span className="block h-full bg-primary" style={{ width: `${c.matchScore}%` }} />
                          </span>
                        </div>
                      </div>
                      <Button
                        onClick={() => void pullReport(c.subjectId)}
                        disabled={pull.isPending}
                        aria-label={`View report of ${c.fullName}`}
                      >
                        <FileSearch aria-hidden />
                        View report
                      </Button>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {pull.error ? (
        <div className="print:hidden">
          {hasErrorCode(pull.error, 'VALIDATION_FAILED') ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>Report not pulled</AlertTitle>
              <AlertDescription>{pull.error.serverMessage}</AlertDescription>
            </Alert>
          ) : (
            <InquiryRefusal error={pull.error} />
          )}
        </div>
      ) : null}

      <div ref={reportRef} className="scroll-mt-24">
        {stored.isPending && openedReportId && !report ? <Skeleton className="h-96" /> : null}
        {shown ? <ReportView report={shown} pdfHref={reportPdfUrl(shown.reportId)} /> : null}
      </div>
    </div>
  );
}
