import { CircleAlert, RefreshCw } from 'lucide-react';
import { errorMessageOf } from '@web/lib/form-errors';
import { Alert, AlertDescription } from './alert';
import { Button } from './button';

/** Said when a failure carries no message of its own. */
const FALLBACK = 'Something went wrong. Please try again.';

/** A message of what went wrong, said where the result would be; nothing when there is none. */
export function ErrorMessageAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert" className={className}>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A failed change (or a check run on demand), said where its result would be: the server's words, no status. */
export function QueryErrorAlert({ error }: { error: Error | null | undefined }) {
  return <ErrorMessageAlert message={error ? errorMessageOf(error, FALLBACK) : null} />;
}

/** What the error card needs of a read: its failure, and how to ask again. */
export interface TRetryableQuery {
  error: Error | null;
  refetch: () => unknown;
  isFetching?: boolean;
}

/**
 * The one way a failed read is shown (issue 20): a card in place of what could not be loaded, saying
 * what the server said in plain words and offering Retry, which reads it again. Nothing when the read
 * has not failed. A page whose main read failed shows this card alone, not empty cards beside it.
 */
export function QueryErrorCard({
  query,
  title = 'This could not be loaded',
  className,
}: {
  query: TRetryableQuery;
  title?: string;
  className?: string;
}) {
  if (!query.error) return null;
  const isRetrying = !!query.isFetching;
  return (
    <div
      role="alert"
      data-testid="error-card"
      className={`flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-5 sm:flex-row sm:items-center ${className ?? ''}`}
    >
      <CircleAlert className="size-6 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{errorMessageOf(query.error, FALLBACK)}</p>
      </div>
      <Button variant="outline" onClick={() => void query.refetch()} disabled={isRetrying}>
        <RefreshCw className={isRetrying ? 'animate-spin' : ''} aria-hidden />
        {isRetrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
