import { Sparkles } from 'lucide-react';
import type { THelpItem } from '@shared/schemas/content';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate } from '@shared/format';
import { previewOf } from './help-text';
import { useWhatsNew } from './api/help-content';

/** The updates tab's What's New panel: the first 3 updates, 150-character previews, Read More. */
export function WhatsNew({ onOpen }: { onOpen: (item: THelpItem) => void }) {
  const updates = useWhatsNew(true);
  return (
    <section
      aria-labelledby="whats-new-title"
      className="rounded-xl border border-brand-blue/30 bg-brand-blue/5 p-6"
      data-testid="whats-new"
    >
      <h2 id="whats-new-title" className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-brand-blue" aria-hidden />
        What&apos;s New
      </h2>
      {updates.isPending ? (
        <div className="mt-4 space-y-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : updates.isError ? (
        <p className="mt-3 text-sm text-muted-foreground">Updates cannot be loaded right now.</p>
      ) : updates.data.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No updates yet.</p>
      ) : (
        <ul className="mt-4 divide-y">
          {updates.data.slice(0, 3).map((item) => (
            <li key={item.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <h3 className="font-medium">{item.title}</h3>
                <p className="text-xs text-muted-foreground">
                  {formatDate(item.updatedAt)} · v{item.version}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">{previewOf(item.content, 150)}</p>
              </div>
              <Button size="sm" variant="link" className="self-start" onClick={() => onOpen(item)} aria-label={`Read More: ${item.title}`}>
                Read More
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
