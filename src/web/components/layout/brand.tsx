import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';

export function Brand({ href = '/', className }: { href?: string; className?: string }) {
  return (
    <Link
      href={href}
      className={cn(
        'flex items-center gap-2 rounded-md font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <ShieldCheck className="size-5" aria-hidden />
      </span>
      <span className="text-lg">
        CreditCheck <span className="text-brand-blue">SL</span>
      </span>
    </Link>
  );
}
