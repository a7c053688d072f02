const STATS = [
  { value: '1st', label: 'First credit bureau in Sierra Leone' },
  { value: '24/7', label: 'Access, day and night' },
  { value: '$250', label: 'Flat monthly fee for businesses' },
  { value: 'Free', label: 'Always free for consumers' },
];

export function StatsStrip() {
  return (
    <section aria-label="At a glance" className="border-b bg-primary text-primary-foreground">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="text-center">
            <dt className="sr-only">{stat.label}</dt>
            <dd className="text-3xl font-bold">{stat.value}</dd>
            <dd className="mt-1 text-sm opacity-90">{stat.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
