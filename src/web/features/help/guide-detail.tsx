import { ArrowLeft, Clock, Eye, Tag, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import ReactMarkdown from 'react-markdown';
import type { THelpItem } from '@shared/schemas/content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CATEGORY_LABEL } from './help-text';
import { DifficultyBadge } from './guide-card';
import { plural } from '@shared/format';

/**
 * A guide in full. react-markdown escapes any HTML in the content (raw HTML is not enabled), so
 * managed content cannot inject markup or script.
 */
export function GuideDetail({ item, onBack }: { item: THelpItem; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [item.id]);

  return (
    <article className="mx-auto max-w-3xl" data-testid="guide-detail">
      <Button variant="ghost" onClick={onBack} className="-ml-3">
        <ArrowLeft aria-hidden />
        Back to List
      </Button>
      <header className="mt-4 space-y-4 border-b pb-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{CATEGORY_LABEL[item.category] ?? item.category}</Badge>
          <DifficultyBadge difficulty={item.difficulty} />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
          {item.title}
        </h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <div className="flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden />
            <dt className="sr-only">Author</dt>
            <dd>{item.author}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>Version</dt>
            <dd>{item.version}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden />
            <dt className="sr-only">Reading time</dt>
            <dd>{item.estimatedTime} min read</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Eye className="size-4" aria-hidden />
            <dt className="sr-only">Views</dt>
            <dd>{plural(item.viewCount, { one: 'view', other: 'views' })}</dd>
          </div>
        </dl>
        {item.tags.length > 0 ? (
          <ul className="flex flex-wrap items-center gap-2" aria-label="Tags">
            <Tag className="size-4 text-muted-foreground" aria-hidden />
            {item.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <div className="help-markdown mt-6 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_ul]:list-disc [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground">
        <ReactMarkdown components={{ h1: 'h3', h2: 'h3', h3: 'h4' }}>{item.content}</ReactMarkdown>
      </div>
    </article>
  );
}
