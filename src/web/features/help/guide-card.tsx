import { BookOpen, Clock, Eye, Star } from 'lucide-react';
import type { THelpItem } from '@shared/schemas/content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { CATEGORY_LABEL, previewOf } from './help-text';
import { pluralWord } from '@shared/format';

const DIFFICULTY_VARIANT = { beginner: 'success', intermediate: 'secondary', advanced: 'warning' } as const;

export function DifficultyBadge({ difficulty }: { difficulty: THelpItem['difficulty'] }) {
  return (
    <Badge variant={DIFFICULTY_VARIANT[difficulty] ?? 'secondary'} className="capitalize">
      {difficulty}
    </Badge>
  );
}

/** A guide card: difficulty, minutes, a 120-character preview, view count and version. */
export function GuideCard({ item, onOpen }: { item: THelpItem; onOpen: (item: THelpItem) => void }) {
  return (
    <Card className="flex flex-col" data-testid="guide-card">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <DifficultyBadge difficulty={item.difficulty} />
          <Badge variant="outline">{CATEGORY_LABEL[item.category] ?? item.category}</Badge>
          {item.isFeatured ? <Star className="size-4 fill-warning text-warning-foreground" aria-label="Featured" /> : null}
        </div>
        <CardTitle className="text-base">
          <h3>{item.title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-sm text-muted-foreground">{previewOf(item.content, 120)}</p>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3 border-t pt-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {item.estimatedTime} min
          </span>
          <span className="flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden />
            <span data-testid="guide-views">{item.viewCount}</span> {pluralWord(item.viewCount, { one: 'view', other: 'views' })}
          </span>
          <span>v{item.version}</span>
        </span>
        <Button size="sm" variant="outline" onClick={() => onOpen(item)} aria-label={`Read Guide: ${item.title}`}>
          <BookOpen aria-hidden />
          Read Guide
        </Button>
      </CardFooter>
    </Card>
  );
}
