import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '@web/lib/utils';

// The one table of the app (issue 20: no page scrolls sideways on a phone). Below 640 px each row
// is a card: the header row is kept for screen readers only and every cell shows its column's
// name above its value (index.css, `table[data-stack]`; the names are copied from the header into
// each cell's data-label here, so pages write an ordinary table). From 640 px up it is a table; if
// it is still wider than its place, it scrolls inside its own box, which says so (a line below and
// a focusable region for the keyboard) and carries data-scroll-hint for the every-page walk.

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** Each body cell gets its column's heading as data-label (what a row shows as a card on a phone). */
function useCellLabels(ref: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const label = () => {
      const headings = Array.from(table.tHead?.rows[0]?.cells ?? []).map((cell) => {
        // A heading only screen readers read (a row's actions) gets no visible label.
        const visible = Array.from(cell.childNodes).some((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')));
        return visible ? (cell.textContent ?? '').trim() : '';
      });
      for (const body of Array.from(table.tBodies))
        for (const row of Array.from(body.rows))
          for (const cell of Array.from(row.cells)) {
            const heading = cell.colSpan === 1 ? headings[cell.cellIndex] : '';
            if (heading && cell.dataset.label !== heading) cell.dataset.label = heading;
            else if (!heading && cell.dataset.label !== undefined) delete cell.dataset.label;
          }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref]);
}

export function Table({
  className,
  caption,
  children,
  stackOnPhone = true,
  ...props
}: ComponentProps<'table'> & {
  caption?: string;
  /** Rows as cards below 640 px (default); false for a grid that only reads as a grid (a month-by-month history). */
  stackOnPhone?: boolean;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const isScrollable = useOverflowsSideways(scrollerRef);
  useCellLabels(tableRef);
  return (
    <div className="w-full min-w-0">
      <div
        ref={scrollerRef}
        data-scroll-hint={isScrollable ? '' : undefined}
        role={isScrollable ? 'region' : undefined}
        aria-label={isScrollable ? `${caption ?? 'Table'} (scrolls sideways)` : undefined}
        tabIndex={isScrollable ? 0 : undefined}
        className={cn(
          'relative w-full overflow-x-auto',
          isScrollable && 'rounded-md border-r-4 border-r-muted focus-visible:outline-2 focus-visible:outline-ring',
        )}
      >
        <table
          ref={tableRef}
          data-stack={stackOnPhone ? '' : undefined}
          className={cn('w-full caption-bottom text-sm', className)}
          {...props}
        >
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          {children}
        </table>
      </div>
      {isScrollable ? (
        <p className="mt-1 text-right text-xs text-muted-foreground" aria-hidden>
          Scroll sideways to see every column →
        </p>
      ) : null}
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
  return <th scope="col" className={cn('h-10 px-3 py-2 text-left align-middle font-medium text-muted-foreground', className)} {...props} />;
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
