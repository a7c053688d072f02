import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** The spec's timings: a tooltip opens 700 ms after the pointer or focus arrives, at once if another closed under 300 ms ago. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = -Infinity;

const SIDE_CLASS = {
  bottom: 'right-0 top-full mt-1',
  top: 'right-0 bottom-full mb-1',
  left: 'right-full top-1/2 mr-1 -translate-y-1/2',
  right: 'left-full top-1/2 ml-1 -translate-y-1/2',
} as const;

/**
 * A tooltip for a focusable element: shown on hover and on keyboard focus, hidden on leave, blur
 * and Escape, announced through aria-describedby. Placed beside its trigger by CSS alone: the one
 * place it is used (the role header's name) needs no collision handling, and Radix's tooltip
 * brought floating-ui's positioning engine (about 10 KB compressed) onto every signed-in page's
 * first load (decisions/048).
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
  className,
}: {
  content: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  side?: keyof typeof SIDE_CLASS;
  /** The wrapper's display: give it the trigger's own (e.g. hidden on phones) so a hidden trigger leaves no gap. */
  className?: string;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = () => {
    clearTimeout(timer.current);
    const isSkipping = performance.now() - lastClosedAt < SKIP_DELAY_MS;
    timer.current = setTimeout(() => setIsOpen(true), isSkipping ? 0 : OPEN_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setIsOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <span className={cn('relative inline-flex', className)} onPointerEnter={open} onPointerLeave={close} onFocus={open} onBlur={close}>
      {cloneElement(children, { 'aria-describedby': isOpen ? id : undefined })}
      {isOpen ? (
        <span
          role="tooltip"
          id={id}
          className={cn(
            'pointer-events-none absolute z-50 w-max max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md',
            SIDE_CLASS[side],
          )}
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
