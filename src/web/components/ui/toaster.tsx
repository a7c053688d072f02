import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { dismissToast, useToasts, type TToastKind } from '@web/lib/toast';
import { cn } from '@web/lib/utils';

const KIND_STYLE: Record<TToastKind, string> = {
  success: 'border-success/40 bg-card text-card-foreground [&_.toast-icon]:text-success',
  error: 'border-destructive bg-destructive text-destructive-foreground',
  info: 'border-brand-blue/40 bg-card text-card-foreground [&_.toast-icon]:text-brand-blue',
  warning: 'border-warning bg-warning text-warning-foreground',
};
const KIND_ICON = { success: CheckCircle2, error: XCircle, info: Info, warning: AlertTriangle } as const;
const KIND_LABEL: Record<TToastKind, string> = { success: 'Success', error: 'Error', info: 'Information', warning: 'Warning' };

/** Spec section 9: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the toast region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => {
        const Icon = KIND_ICON[item.kind];
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            type={item.kind === 'error' ? 'foreground' : 'background'}
            data-kind={item.kind}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
              KIND_STYLE[item.kind],
            )}
          >
            <Icon className="toast-icon mt-0.5 size-5 shrink-0" aria-hidden />
            <div className="grid gap-1">
              <span className="sr-only">{KIND_LABEL[item.kind]}:</span>
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description ? (
                <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
