import type { TFunction } from 'i18next';
import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@web/components/ui/button';

/** The bell itself: its icon, the unread count and a label that says it. Any other prop (a Radix trigger's ref and handlers) goes to the button. */
export function BellButton({ t, unread, ...props }: { t: TFunction; unread: number } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread ? t('bell.labelUnread', { n: unread }) : t('bell.title')}
      aria-haspopup="dialog"
      {...props}
    >
      <Bell aria-hidden />
      {unread ? (
        <span
          className="absolute right-1.5 top-1.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground"
          aria-hidden
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
}
