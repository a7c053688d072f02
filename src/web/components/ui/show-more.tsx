import { Loader2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * The "Show more" of a list read page by page (lib/cursor-pages.ts): shown while the server has
 * more, busy while the next page loads. `shown` says how many are on the page, for people and
 * screen readers alike.
 */
export function ShowMore({
  hasMore,
  isLoading,
  onMore,
  shown,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onMore: () => void;
  shown: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 pt-2 text-sm text-muted-foreground">
      <span aria-live="polite">{shown}</span>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onMore} disabled={isLoading}>
          {isLoading ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Show more
        </Button>
      ) : null}
    </div>
  );
}
