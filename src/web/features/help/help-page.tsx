import { BookOpen, Clock, FolderOpen, Layers, Search, SearchX, Star, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { THelpItem } from '@shared/schemas/content';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { GuideCard } from './guide-card';
import { GuideDetail } from './guide-detail';
import { CATEGORY_LABEL, HELP_TABS, matchesSearch, type THelpTab } from './help-text';
import { useHelpContent, useRecordView } from './api/help-content';
import { WhatsNew } from './whats-new';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

function QuickStats({ items }: { items: THelpItem[] }) {
  const categories = new Set(items.map((item) => item.category)).size;
  const minutes = items.reduce((sum, item) => sum + item.estimatedTime, 0);
  const stats = [
    { icon: BookOpen, label: 'Guides', value: items.length },
    { icon: Layers, label: 'Categories', value: categories },
    { icon: Clock, label: 'Minutes of reading', value: minutes },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="help-stats">
      {stats.map(({ icon: Icon, label, value }) => (
        <div key={label} className="rounded-lg border bg-card p-4 text-center shadow-sm">
          <Icon className="mx-auto size-5 text-primary" aria-hidden />
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
          <dt className="text-xs text-muted-foreground">{label}</dt>
        </div>
      ))}
    </dl>
  );
}

/** /help: categories, search, featured guides, What's New and the guide reader. */
export default function HelpPage() {
  const help = useHelpContent();
  const recordView = useRecordView();
  const [tab, setTab] = useState<THelpTab>('all');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [openedItem, setOpenedItem] = useState<THelpItem | null>(null);

  const items = useMemo(() => help.data ?? [], [help.data]);
  const visible = useMemo(
    () => items.filter((item) => (tab === 'all' || item.category === tab) && matchesSearch(item, search)),
    [items, tab, search],
  );
  const featured = useMemo(() => items.filter((item) => item.isFeatured).slice(0, 3), [items]);
  // The open guide is read from the list so its view count follows the server's answer.
  const open = openId === null ? null : (items.find((item) => item.id === openId) ?? openedItem);

  const openGuide = (item: THelpItem) => {
    setOpenId(item.id);
    setOpenedItem(item);
    recordView.mutate(item.id);
  };

  if (open) {
    return (
      <div className="px-4 py-10 sm:px-6 lg:px-8">
        <GuideDetail item={open} onBack={() => setOpenId(null)} />
      </div>
    );
  }

  return (
    <div>
      <header className="border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <div className="grid items-end gap-8 lg:grid-cols-[1fr_auto]">
            <div className="space-y-3">
              <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Centre</h1>
              <p className="max-w-2xl text-muted-foreground">
                Guides for businesses and consumers: getting started, AI scoring, National ID matching, troubleshooting and what&apos;s new.
              </p>
              <div className="relative max-w-xl">
                <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <label htmlFor="help-search" className="sr-only">
                  Search help articles
                </label>
                <Input
                  id="help-search"
                  type="search"
                  placeholder="Search help articles"
                  className="h-11 pl-9"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
            {help.data ? <QuickStats items={items} /> : null}
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        {help.isPending ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56" />
            ))}
          </div>
        ) : help.isError ? (
          <QueryErrorCard query={help} title="The help centre cannot be loaded" />
        ) : (
          <>
            {featured.length > 0 && !search ? (
              <section aria-labelledby="featured-title" data-testid="featured-guides">
                <h2 id="featured-title" className="flex items-center gap-2 text-xl font-semibold">
                  <Star className="size-5 text-primary" aria-hidden />
                  Featured guides
                </h2>
                <ul className="mt-4 grid gap-4 md:grid-cols-3">
                  {featured.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={() => openGuide(item)}
                        className="flex h-full w-full flex-col rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
                      >
                        <span className="text-xs font-medium text-primary">{CATEGORY_LABEL[item.category] ?? item.category}</span>
                        <span className="mt-1 font-semibold">{item.title}</span>
                        <span className="mt-2 text-xs text-muted-foreground">{item.estimatedTime} min read</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <Tabs value={tab} onValueChange={(value) => setTab(value as THelpTab)}>
              {/* The categories wrap onto a second line on a phone: a row that scrolls sideways hides half of them. */}
              <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto" aria-label="Help categories">
                {HELP_TABS.map((value) => (
                  <TabsTrigger key={value} value={value}>
                    {CATEGORY_LABEL[value]}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value={tab} className="mt-8 space-y-8">
                {tab === 'updates' ? <WhatsNew onOpen={openGuide} /> : null}

                <section aria-label={`${CATEGORY_LABEL[tab]} guides`}>
                  {visible.length > 0 ? (
                    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                      {visible.map((item) => (
                        <li key={item.id} className="flex">
                          <GuideCard item={item} onOpen={openGuide} />
                        </li>
                      ))}
                    </ul>
                  ) : search.trim() ? (
                    <EmptyState icon={SearchX} title="No results found">
                      <p>
                        No guide in {CATEGORY_LABEL[tab]} matches &ldquo;{search.trim()}&rdquo;.
                      </p>
                      <Button variant="outline" className="mt-4" onClick={() => setSearch('')}>
                        <X aria-hidden />
                        Clear Search
                      </Button>
                    </EmptyState>
                  ) : (
                    <EmptyState icon={FolderOpen} title="No content available">
                      <p>There are no published guides in {CATEGORY_LABEL[tab]} yet.</p>
                      <Button variant="outline" className="mt-4" onClick={() => setTab('all')}>
                        Show all guides
                      </Button>
                    </EmptyState>
                  )}
                </section>
              </TabsContent>
            </Tabs>
          </>
        )}
      </div>
    </div>
  );
}
