import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';

export default function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-muted">
        <Compass className="size-8 text-muted-foreground" aria-hidden />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">404</p>
        <h1 className="text-2xl font-bold sm:text-3xl">Page not found</h1>
        <p className="max-w-md text-muted-foreground">Sorry, the page you are looking for doesn&apos;t exist or has been moved.</p>
      </div>
      <Button asChild size="lg">
        <Link href="/">Go to Homepage</Link>
      </Button>
    </main>
  );
}
