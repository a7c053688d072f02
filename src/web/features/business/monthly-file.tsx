import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { TSubmissionStatus } from '@shared/schemas/credit';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { formatNumber, formatDateTime, formatFileSize } from '@shared/format';
import { SUBMISSION_TEMPLATE_URL, useSendMonthlyFile } from './api/submissions';
import { downloadText, rejectedRowsCsv, rejectsCsv } from './csv';
import { Field } from '@web/components/ui/field';

type TPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing'; status: 'sent' | 'queued' | 'processing' }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** What the page says from the end of the upload until the file's result is shown. */
const PROCESSING_TEXT = {
  sent: 'Checking the rows…',
  queued: 'Queued: waiting to be applied…',
  processing: 'Checking and applying the rows…',
} as const;

/** The counts and rejected rows of a file, with the download of what to fix. */
export function SubmissionResult({
  status,
  file,
}: {
  status: TSubmissionStatus;
  file?: { name: string; format: 'csv' | 'json'; text: string };
}) {
  const shown = status.rejects.slice(0, 100);
  const download = () => {
    const base = (file?.name ?? `submission-${status.id}`).replace(/\.(csv|json)$/i, '');
    downloadText(`${base}-rejected-rows.csv`, file ? rejectedRowsCsv(file, status.rejects) : rejectsCsv(status.rejects));
  };
  return (
    <div className="space-y-4" data-testid="submission-result">
      <div className="flex flex-wrap items-center gap-2">
        <Badge
          variant={status.status === 'completed' ? 'success' : status.status === 'failed' ? 'destructive' : 'secondary'}
          className="capitalize"
        >
          {status.status}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {status.format.toUpperCase()} file sent {formatDateTime(status.createdAt, { withZone: true })}
        </span>
      </div>
      {status.error ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>The file was not applied</AlertTitle>
          <AlertDescription>{status.error}</AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {(
          [
            ['Rows', status.total],
            ['Accepted', status.accepted],
            ['Rejected', status.rejected],
            ['New accounts', status.created],
            ['Updated', status.updated],
            ['Matched exactly', status.matches.exact],
            ['For review', status.matches.review],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd
              className={cn('text-xl font-bold tabular-nums', label === 'Rejected' && value > 0 && 'text-destructive')}
              data-testid={`result-${label.toLowerCase().replaceAll(' ', '-')}`}
            >
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
      {status.rejects.length > 0 ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">Rejected rows</h3>
            <Button variant="outline" size="sm" onClick={download}>
              <Download aria-hidden />
              Download rejected rows (CSV)
            </Button>
          </div>
          <div className="max-h-80 overflow-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">Rejected rows with the field and the reason</caption>
              <thead className="sticky top-0 bg-muted text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Field
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={`${r.row}-${r.field}`} className="border-t">
                    <td className="px-3 py-1.5 tabular-nums">{r.row}</td>
                    <td className="px-3 py-1.5 font-mono text-xs">{r.field}</td>
                    <td className="px-3 py-1.5">{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {status.rejects.length > shown.length ? (
            <p className="text-xs text-muted-foreground">
              The first {shown.length} of {formatNumber(status.rejects.length)} problems are shown; the download has them all.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The monthly file: CSV (template columns) or JSON ({rows}), sent with a progress bar, then its result. */
export function MonthlyFileUpload() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const sendFile = useSendMonthlyFile();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<TPhase>({ kind: 'idle' });
  const [result, setResult] = useState<{ status: TSubmissionStatus; file: { name: string; format: 'csv' | 'json'; text: string } } | null>(
    null,
  );

  const send = async () => {
    if (!file) {
      setPhase({ kind: 'error', message: 'Choose a CSV or JSON file first.' });
      return;
    }
    const text = await file.text();
    const isJson = /\.json$/i.test(file.name) || file.type === 'application/json' || /^\s*[[{]/.test(text);
    const format = isJson ? ('json' as const) : ('csv' as const);
    setResult(null);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const status = await sendFile.mutateAsync({
        text,
        format,
        progress: {
          onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
          onSent: () => setPhase({ kind: 'processing', status: 'sent' }),
        },
        // The file is queued at once and applied by the server shortly after: its status is shown meanwhile.
        onWaiting: (status) => setPhase({ kind: 'processing', status }),
      });
      setResult({ status, file: { name: file.name, format, text } });
      setPhase({ kind: 'done' });
    } catch (error) {
      const message = isApiError(error)
        ? [error.serverMessage, ...error.fieldErrors.map((e) => `${e.field}: ${e.message}`)].join(' · ')
        : (error as Error).message;
      setPhase({ kind: 'error', message });
    }
  };

  const isBusy = phase.kind === 'uploading' || phase.kind === 'processing';
  const percent = phase.kind === 'uploading' ? phase.percent : phase.kind === 'processing' || phase.kind === 'done' ? 100 : 0;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/30 p-4 text-sm">
        <FileSpreadsheet className="size-5 text-primary" aria-hidden />
        <p className="flex-1">
          One row per account, up to 100,000 rows. Use the template&apos;s columns (CSV) or send{' '}
          <code className="font-mono">{'{"rows": [{subject, account}]}'}</code> (JSON). Valid rows are applied together; each bad row is
          listed with its reason.
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={SUBMISSION_TEMPLATE_URL} download>
            <Download aria-hidden />
            CSV template
          </a>
        </Button>
      </div>

      <Field id={inputId} label="Monthly file (CSV or JSON)" hint={file ? `${file.name}, ${formatFileSize(file.size)}` : undefined}>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className="block w-full text-sm file:mr-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-4 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPhase({ kind: 'idle' });
            setResult(null);
          }}
        />
      </Field>

      {phase.kind !== 'idle' && phase.kind !== 'error' ? (
        <div className="space-y-1" aria-live="polite">
          <div
            className="h-2.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div
              className={cn('h-full bg-primary transition-all', phase.kind === 'processing' && 'animate-pulse')}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="upload-phase">
            {phase.kind === 'uploading' ? `Uploading… ${percent}%` : phase.kind === 'processing' ? PROCESSING_TEXT[phase.status] : 'Done.'}
          </p>
        </div>
      ) : null}

      {phase.kind === 'error' ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>The file was not accepted</AlertTitle>
          <AlertDescription>{phase.message}</AlertDescription>
        </Alert>
      ) : null}

      <Button onClick={() => void send()} disabled={isBusy}>
        <Upload aria-hidden />
        {isBusy ? 'Sending…' : 'Send monthly file'}
      </Button>

      {result ? <SubmissionResult status={result.status} file={result.file} /> : null}
    </div>
  );
}
