import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZHelpArticleFormSchema, type THelpArticleForm } from '@shared/schemas/admin';
import { HELP_CATEGORIES, HELP_DIFFICULTIES, type THelpItem } from '@shared/schemas/content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { SectionCard } from '@web/components/ui/section-card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useHelpArticles, usePublishHelpArticle, useSaveHelpArticle } from '../api/help';

const EMPTY_ARTICLE: THelpArticleForm = {
  title: '',
  content: '',
  category: 'getting_started',
  difficulty: 'beginner',
  estimatedTime: 5,
  version: '1.0',
  author: 'CreditCheck SL',
  tags: [],
  isFeatured: false,
};

function HelpEditor({ article, isOpen, onClose }: { article: THelpItem | null; isOpen: boolean; onClose: () => void }) {
  const form = useForm<THelpArticleForm>({ resolver: zodResolver(ZHelpArticleFormSchema), defaultValues: EMPTY_ARTICLE });
  const [tags, setTags] = useState('');
  useEffect(() => {
    if (!isOpen) return;
    const values = article
      ? {
          title: article.title,
          content: article.content,
          category: article.category as THelpArticleForm['category'],
          difficulty: article.difficulty,
          estimatedTime: article.estimatedTime,
          version: article.version,
          author: article.author,
          tags: article.tags,
          isFeatured: article.isFeatured,
        }
      : EMPTY_ARTICLE;
    form.reset(values);
    setTags(values.tags.join(', '));
  }, [article, isOpen, form]);
  const save = useSaveHelpArticle(article?.id ?? null, { successToast: article ? 'Article saved' : 'Draft created', onSuccess: onClose });
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => save.mutate(values, { onError: (error) => applyServerFieldErrors(form, error) }));
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{article ? 'Edit help article' : 'New help article'}</DialogTitle>
          <DialogDescription>New articles are drafts until published. Content may use simple markdown.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit} id="help-form">
          <Field id="help-title" label="Title" error={e.title?.message} className="sm:col-span-2">
            <Input {...form.register('title')} />
          </Field>
          <Field id="help-category" label="Category" error={e.category?.message}>
            <NativeSelect {...form.register('category')}>
              {HELP_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c.replaceAll('_', ' ')}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="help-difficulty" label="Difficulty" error={e.difficulty?.message}>
            <NativeSelect {...form.register('difficulty')}>
              {HELP_DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="help-time" label="Minutes to read" error={e.estimatedTime?.message}>
            <Input type="number" {...form.register('estimatedTime')} />
          </Field>
          <Field id="help-version" label="Version" error={e.version?.message}>
            <Input {...form.register('version')} />
          </Field>
          <Field id="help-author" label="Author" error={e.author?.message}>
            <Input {...form.register('author')} />
          </Field>
          <Field id="help-tags" label="Tags (comma separated)" error={e.tags?.message}>
            <Input
              value={tags}
              onChange={(ev) => {
                setTags(ev.target.value);
                form.setValue(
                  'tags',
                  ev.target.value
                    .split(',')
                    .map((t) => t.trim())
                    .filter(Boolean),
                );
              }}
            />
          </Field>
          <Field id="help-content" label="Content" error={e.content?.message} className="sm:col-span-2">
            <Textarea rows={8} {...form.register('content')} />
          </Field>
          <CheckboxField
            id="help-featured"
            label="Featured (shown first)"
            className="sm:col-span-2"
            checked={form.watch('isFeatured')}
            onCheckedChange={(checked) => form.setValue('isFeatured', checked)}
          />
        </form>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="help-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The help centre's articles: drafts, edits, publishing. */
export function HelpPanel() {
  const articles = useHelpArticles();
  const [editing, setEditing] = useState<THelpItem | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const publish = usePublishHelpArticle({
    successToast: (r) => (r.isPublished ? `Published: ${r.title}` : `Unpublished: ${r.title}`),
    errorToast: 'That did not work',
  });
  return (
    <SectionCard
      title="Help articles"
      description="The help centre shows published articles only."
      actions={
        <Button
          onClick={() => {
            setEditing(null);
            setIsOpen(true);
          }}
        >
          <Plus aria-hidden />
          New article
        </Button>
      }
    >
      {!articles.data ? (
        <Skeleton className="h-32" />
      ) : (
        <Table caption="Help articles">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Views</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {articles.data.map((a) => (
              <TableRow key={a.id}>
                <TableCell className="font-medium">
                  {a.title}
                  <span className="block text-xs text-muted-foreground">v{a.version}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{a.category.replaceAll('_', ' ')}</TableCell>
                <TableCell>
                  <div className="flex gap-1">
                    <Badge variant={a.isPublished ? 'success' : 'secondary'}>{a.isPublished ? 'Published' : 'Draft'}</Badge>
                    {a.isFeatured ? <Badge variant="outline">Featured</Badge> : null}
                  </div>
                </TableCell>
                <TableCell className="tabular-nums">{a.viewCount}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setEditing(a);
                        setIsOpen(true);
                      }}
                      aria-label={`Edit ${a.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant={a.isPublished ? 'outline' : 'default'}
                      disabled={publish.isPending}
                      onClick={() => publish.mutate({ id: a.id, isPublished: !a.isPublished })}
                      aria-label={`${a.isPublished ? 'Unpublish' : 'Publish'} ${a.title}`}
                    >
                      {a.isPublished ? 'Unpublish' : 'Publish'}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <HelpEditor article={editing} isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </SectionCard>
  );
}
