import type { ReactNode } from 'react';
import { QueryErrorAlert } from './query-error-alert';
import { Skeleton } from './skeleton';

/**
 * The states of a list read from the API, said the same way on every page: what went wrong, a
 * placeholder while it loads, a plain sentence when there is nothing, else the list itself.
 */
export function QueryResult<TData>({
  query,
  isEmpty,
  empty,
  skeletonClassName = 'h-32',
  children,
}: {
  query: { data: TData | undefined; error: Error | null; isLoading: boolean };
  /** Whether the answer holds nothing to show. */
  isEmpty?: (data: TData) => boolean;
  /** What to say when there is nothing. */
  empty?: ReactNode;
  skeletonClassName?: string;
  children: (data: TData) => ReactNode;
}) {
  let body: ReactNode = null;
  if (query.isLoading) body = <Skeleton className={skeletonClassName} />;
  else if (query.data !== undefined && isEmpty?.(query.data))
    body = <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  else if (query.data !== undefined) body = children(query.data);
  return (
    <>
      <QueryErrorAlert error={query.error} />
      {body}
    </>
  );
}
