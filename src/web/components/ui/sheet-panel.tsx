import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** The side panel itself, on Radix's Dialog (focus trap, Escape, scroll lock): loaded by sheet.tsx when first opened. */
export interface TSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the panel. */
  trigger: ReactElement<{ onClick?: () => void; 'aria-expanded'?: boolean }>;
  title: string;
  /** The close button's name for screen readers, in the page's language. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

export default function SheetPanel({ open, onOpenChange, trigger, title, closeLabel = 'Close menu', className, children }: TSheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn('fixed inset-y-0 right-0 z-50 flex w-4/5 max-w-xs flex-col gap-4 border-l bg-background p-6 shadow-lg', className)}
        >
          <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer">
            <X className="size-5" aria-hidden />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
