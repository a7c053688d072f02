import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { SectionCard } from '@web/components/ui/section-card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { useAdminContent, useSaveContent } from '../api/settings';

const SECTION_TITLE = { hero: 'Hero', features: 'Key features', pricing: 'Pricing' } as const;

/** The landing page's managed text, key by key. */
export function ContentPanel() {
  const content = useAdminContent();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (content.data) setValues(Object.fromEntries(content.data.items.map((i) => [`${i.section}.${i.key}`, i.content ?? ''])));
  }, [content.data]);
  const save = useSaveContent({ successToast: 'Landing page text saved', errorToast: 'That did not work' });
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
