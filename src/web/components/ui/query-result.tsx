import type { ReactNode } from 'react';
import { QueryErrorCard } from './query-error-alert';
import { Skeleton } from './skeleton';

/**
 * The states of a list read from the API, said the same way on every page: the error card with
 * Retry when it failed (and nothing else), a placeholder while it loads, a plain sentence when there
 * is nothing, else the list itself.
 */
export function QueryResult<TData>({
  query,
  isEmpty,
  empty,
  skeletonClassName = 'h-32',
  children,
}: {
  query: { data: TData | undefined; error: Error | null; isLoading: boolean; refetch: () => unknown; isFetching?: boolean };
  /** Whether the answer holds nothing to show. */
  isEmpty?: (data: TData) => boolean;
  /** What to say when there is nothing. */
  empty?: ReactNode;
  skeletonClassName?: string;
  children: (data: TData) => ReactNode;
}) {
  if (query.error) return <QueryErrorCard query={query} />;
  if (query.isLoading) return <Skeleton className={skeletonClassName} />;
  if (query.data === undefined) return null;
  if (isEmpty?.(query.data)) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return children(query.data);
}
