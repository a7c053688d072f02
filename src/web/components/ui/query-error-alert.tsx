import { Alert, AlertDescription } from './alert';

/** A message of what went wrong, said where the result would be; nothing when there is none. */
export function ErrorMessageAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert" className={className}>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A failed read or change, said where its result would be; nothing when there is no error. */
export function QueryErrorAlert({ error }: { error: Error | null | undefined }) {
  return <ErrorMessageAlert message={error?.message} />;
}
