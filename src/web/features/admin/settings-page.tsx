import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZAdminSettingsUpdateSchema,
  ZHelpArticleFormSchema,
  type TAdminPlan,
  type TAdminSettingsUpdate,
  type THelpArticleForm,
} from '@shared/schemas/admin';
import { HELP_CATEGORIES, HELP_DIFFICULTIES, type THelpItem } from '@shared/schemas/content';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableActionsHead } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { ErrorMessageAlert } from '@web/components/ui/query-error-alert';
import { applyServerFieldErrors, fieldErrorMapOf } from '@web/lib/form-errors';
import { formatUsdCents, formatMinorAmount } from '@shared/format';
import { useAdminAction, useContent, useHelpArticles, usePlans, useSettings } from './admin-api';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';
import { CheckboxField } from '@web/components/ui/checkbox-field';

function RatesAndPolicies() {
  const settings = useSettings();
  const form = useForm<TAdminSettingsUpdate>({ resolver: zodResolver(ZAdminSettingsUpdateSchema) });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);
  const save = useAdminAction<TAdminSettingsUpdate, unknown>(
    (body) => ({ method: 'PUT', path: '/api/admin/settings', body }),
    'Settings saved',
    { showErrorToast: false },
  );
  const e = form.formState.errors;
  if (!settings.data) return <Skeleton className="h-48" />;
  return (
    <SectionCard
      title="Rates and policies"
      description="Used at once by prices in Leones, dispute deadlines, how long records are kept and sign-in lockout."
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values, { onError: (error) => applyServerFieldErrors(form, error) }))}
      >
        <Field
          id="rate"
          label="Exchange rate (SLE per 1 USD)"
          error={e.exchangeRateSlePerUsd?.message}
          hint="New Leones; 1 SLE = 1,000 old SLL"
        >
          <Input inputMode="decimal" {...form.register('exchangeRateSlePerUsd')} />
        </Field>
        <Field
          id="deadline"
          label="Dispute answer deadline (days)"
          error={e.disputeDeadlineDays?.message}
          hint="For disputes filed from now on"
        >
          <Input type="number" {...form.register('disputeDeadlineDays')} />
        </Field>
        <Field id="retention" label="Retention of negative records (years)" error={e.retentionYears?.message}>
          <Input type="number" {...form.register('retentionYears')} />
        </Field>
        <Field id="lockout-threshold" label="Failed sign-ins before lockout" error={e.loginLockoutThreshold?.message}>
          <Input type="number" {...form.register('loginLockoutThreshold')} />
        </Field>
        <Field id="lockout-minutes" label="Lockout length (minutes)" error={e.loginLockoutMinutes?.message}>
          <Input type="number" {...form.register('loginLockoutMinutes')} />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function PlanEditor({ plan, onClose }: { plan: TAdminPlan | null; onClose: () => void }) {
  const [price, setPrice] = useState('');
  const [quota, setQuota] = useState('');
  const [description, setDescription] = useState('');
  const [features, setFeatures] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!plan) return;
    setPrice(plan.priceUsdCents === null ? '' : formatMinorAmount(plan.priceUsdCents));
    setQuota(String(plan.monthlyInquiryQuota));
    setDescription(plan.description);
    setFeatures(plan.features.join('\n'));
    setErrors({});
  }, [plan]);
  const save = useAdminAction<void, unknown>(
    () => ({
      method: 'PUT',
      path: `/api/admin/plans/${plan!.code}`,
      body: {
        ...(plan!.isFree ? {} : { priceUsd: price.trim() === '' ? null : price.trim() }),
        monthlyInquiryQuota: quota,
        description,
        features: features
          .split('\n')
          .map((f) => f.trim())
          .filter(Boolean),
      },
    }),
    `${plan?.name ?? 'Plan'} saved`,
    { showErrorToast: false, onSuccess: onClose },
  );
  const onSave = () =>
    save.mutate(undefined, {
      onError: (error) => setErrors(fieldErrorMapOf(error)),
    });
  return (
    <Dialog open={!!plan} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {plan?.name}</DialogTitle>
          <DialogDescription>New prices apply from each subscriber&apos;s next renewal; quotas apply at once.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {plan?.isFree ? null : (
            <Field id="plan-price" label="Monthly price (USD)" error={errors.priceUsd} hint="Empty: priced by agreement">
              <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            </Field>
          )}
          <Field id="plan-quota" label="Credit reports per month" error={errors.monthlyInquiryQuota}>
            <Input type="number" value={quota} onChange={(e) => setQuota(e.target.value)} />
          </Field>
          <Field id="plan-description" label="Description" error={errors.description}>
            <Input value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <Field id="plan-features" label="Features (one per line)" error={errors.features}>
            <Textarea value={features} onChange={(e) => setFeatures(e.target.value)} rows={5} />
          </Field>
          <ErrorMessageAlert message={errors.form} />
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save plan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PlansPanel() {
  const plans = usePlans();
  const [editing, setEditing] = useState<TAdminPlan | null>(null);
  return (
    <SectionCard
      title="Plans, prices and quotas"
      description="The server charges these prices; the landing page and the payment dialog show them."
    >
      {!plans.data ? (
        <Skeleton className="h-32" />
      ) : (
        <Table caption="Plans">
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
              <TableHead>Price / month</TableHead>
              <TableHead>Reports / month</TableHead>
              <TableHead>Subscribers</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.data.plans.map((p) => (
              <TableRow key={p.code}>
                <TableCell>
                  <span className="font-medium">{p.name}</span>
                  <span className="block text-xs text-muted-foreground">{p.description}</span>
                </TableCell>
                <TableCell className="tabular-nums">
                  {p.isFree ? 'Free' : p.priceUsdCents === null ? 'By agreement' : formatUsdCents(p.priceUsdCents)}
                </TableCell>
                <TableCell className="tabular-nums">{p.monthlyInquiryQuota}</TableCell>
                <TableCell className="tabular-nums">{p.subscriberCount}</TableCell>
                <TableCell className="text-right">
                  <Button size="sm" variant="outline" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PlanEditor plan={editing} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}

const SECTION_TITLE = { hero: 'Hero', features: 'Key features', pricing: 'Pricing' } as const;

function ContentPanel() {
  const content = useContent();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (content.data) setValues(Object.fromEntries(content.data.items.map((i) => [`${i.section}.${i.key}`, i.content ?? ''])));
  }, [content.data]);
  const save = useAdminAction<{ section: string; key: string; content: string }, unknown>(
    (body) => ({ method: 'PUT', path: '/api/admin/content', body }),
    (_r) => 'Landing page text saved',
  );
  if (!content.data) return <Skeleton className="h-48" />;
  return (
    <div className="space-y-6">
      {(['hero', 'features', 'pricing'] as const).map((section) => (
        <SectionCard
          key={section}
          title={SECTION_TITLE[section]}
          description={<>Empty text shows the landing page&apos;s built-in default.</>}
          contentClassName="space-y-4"
        >
          {content.data.items
            .filter((i) => i.section === section)
            .map((i) => {
              const id = `cms-${section}-${i.key}`;
              const k = `${section}.${i.key}`;
              const isChanged = (values[k] ?? '') !== (i.content ?? '');
              return (
                <div key={k} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                  <Field id={id} label={i.key.replaceAll('_', ' ')} hint={i.content === null ? 'Using the default text' : undefined}>
                    <Textarea
                      rows={i.key.endsWith('description') || i.key === 'subtitle' ? 3 : 1}
                      className="min-h-10"
                      value={values[k] ?? ''}
                      onChange={(e) => setValues({ ...values, [k]: e.target.value })}
                    />
                  </Field>
                  <Button
                    size="sm"
                    variant={isChanged ? 'default' : 'outline'}
                    disabled={!isChanged || save.isPending}
                    onClick={() => save.mutate({ section, key: i.key, content: values[k] ?? '' })}
                    aria-label={`Save ${i.key.replaceAll('_', ' ')}`}
                  >
                    Save
                  </Button>
                </div>
              );
            })}
        </SectionCard>
      ))}
    </div>
  );
}

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
  const save = useAdminAction<THelpArticleForm, unknown>(
    (body) =>
      article ? { method: 'PUT', path: `/api/admin/help/${article.id}`, body } : { method: 'POST', path: '/api/admin/help', body },
    article ? 'Article saved' : 'Draft created',
    {
      showErrorToast: false,
      onSuccess: onClose,
    },
  );
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

function HelpPanel() {
  const articles = useHelpArticles();
  const [editing, setEditing] = useState<THelpItem | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const publish = useAdminAction<{ id: number; isPublished: boolean }, THelpItem>(
    ({ id, isPublished }) => ({ method: 'POST', path: `/api/admin/help/${id}/${isPublished ? 'publish' : 'unpublish'}` }),
    (r) => (r.isPublished ? `Published: ${r.title}` : `Unpublished: ${r.title}`),
  );
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

/** System Settings: plans and prices, rates and policies, the landing page's text and the help centre. */
export default function AdminSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="System Settings"
        description="Every change here is recorded in the audit log with its old and new value."
      />
      <Tabs defaultValue="plans">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="plans">Plans and pricing</TabsTrigger>
          <TabsTrigger value="policies">Rates and policies</TabsTrigger>
          <TabsTrigger value="content">Landing page</TabsTrigger>
          <TabsTrigger value="help">Help articles</TabsTrigger>
        </TabsList>
        <TabsContent value="plans">
          <PlansPanel />
        </TabsContent>
        <TabsContent value="policies">
          <RatesAndPolicies />
        </TabsContent>
        <TabsContent value="content">
          <ContentPanel />
        </TabsContent>
        <TabsContent value="help">
          <HelpPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
