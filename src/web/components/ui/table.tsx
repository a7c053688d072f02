import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ className, caption, children, ...props }: ComponentProps<'table'> & { caption?: string }) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />;
}
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}
/** The heading of a row-actions column: there for screen readers, empty on screen. */
export function TableActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}
export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}
