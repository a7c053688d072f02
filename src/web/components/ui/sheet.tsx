import { cloneElement, lazy, Suspense, useState } from 'react';
import type { TSheetProps } from './sheet-panel';

// Radix's Dialog with its focus trap and scroll lock is about 10 KB compressed that a page needs
// only once someone opens its menu: it comes then, not with every page (decisions/048).
const SheetPanel = lazy(() => import('./sheet-panel'));

/**
 * A side panel opened by `trigger`: the headers' mobile menus. Until it is first opened only the
 * trigger is on the page; from then the panel (sheet-panel.tsx) keeps it.
 */
export function Sheet({ open, onOpenChange, trigger, title, closeLabel, className, children }: TSheetProps) {
  const [isLoaded, setIsLoaded] = useState(false);
  if (open && !isLoaded) setIsLoaded(true);
  const closedTrigger = cloneElement(trigger, { onClick: () => onOpenChange(true), 'aria-expanded': false });
  if (!isLoaded) return closedTrigger;
  return (
    <Suspense fallback={closedTrigger}>
      <SheetPanel open={open} onOpenChange={onOpenChange} trigger={trigger} title={title} closeLabel={closeLabel} className={className}>
        {children}
      </SheetPanel>
    </Suspense>
  );
}
