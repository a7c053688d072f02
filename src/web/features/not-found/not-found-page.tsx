import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';

/** The spec's not-found page (section 2): its text and button, and no status code for people to read (the server answers 404). */
export default function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-muted">
        <Compass className="size-8 text-muted-foreground" aria-hidden />
      </div>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Page not found</h1>
        <p className="max-w-md text-muted-foreground">Sorry, the page you are looking for doesn&apos;t exist or has been moved.</p>
      </div>
      <Button asChild size="lg">
        <Link href="/">Go to Homepage</Link>
      </Button>
    </main>
  );
}
