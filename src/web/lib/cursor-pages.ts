import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/** A page of a paged list: the server's `{items, nextCursor}` (lib/keyset-page.ts). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list the server pages by keyset, read page after page as the person asks for more ("Show
 * more"): the web's one way to follow `nextCursor`, so no list stops silently at its first page.
 * `fetchPage` is given the cursor of the page to read (null for the first).
 */
export function cursorPagesQuery<TPage extends CursorPage<unknown>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TPage) => last.nextCursor,
  });
}

/** Every item read so far, in the server's order. */
export const itemsOf = <T>(data: InfiniteData<CursorPage<T>> | undefined): T[] => data?.pages.flatMap((page) => page.items) ?? [];
