import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

/** Filters (the children) and a free-text search, sent together by the Search button. */
export function SearchForm({
  className,
  searchId,
  searchLabel,
  draft,
  onDraftChange,
  onSearch,
  children,
}: {
  className: string;
  searchId: string;
  searchLabel: string;
  draft: string;
  onDraftChange: (value: string) => void;
  onSearch: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
      <Field id={searchId} label={searchLabel}>
        <Input value={draft} onChange={(e) => onDraftChange(e.target.value)} />
      </Field>
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}
