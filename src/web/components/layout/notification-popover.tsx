import type { TFunction } from 'i18next';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { notificationText } from '@web/lib/notification-text';
import { useMarkNotificationsRead, useNotifications } from '@web/lib/notifications';
import { cn } from '@web/lib/utils';
import { formatDayMonth } from '@shared/format';
import { BellButton } from './bell-button';

function timeAgo(t: TFunction, iso: string): string {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return t('bell.justNow');
  if (minutes < 60) return t('bell.minutesAgo', { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t('bell.hoursAgo', { n: hours });
  return formatDayMonth(iso);
}

/**
 * The bell's list, loaded the first time the bell is pressed (notification-bell.tsx) and open from
 * then. Read again each time it is opened. A notification's own title and text are the catalogue's
 * sentence of its kind with the figures the server sent (lib/notification-text.ts), else the
 * server's English.
 */
export default function NotificationPopover({ t }: { t: TFunction }) {
  const [isOpen, setIsOpen] = useState(true);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) void list.refetch();
      }}
    >
      <Popover.Trigger asChild>
        <BellButton t={t} unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-xl border bg-popover p-0 text-popover-foreground shadow-lg"
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <h2 className="text-sm font-semibold">{t('bell.title')}</h2>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              {t('bell.markAllRead')}
            </Button>
          </div>
          {list.data?.notifications.length ? (
            <ul className="max-h-96 divide-y overflow-y-auto">
              {list.data.notifications.map((n) => {
                const text = notificationText(t, n);
                return (
                  <li key={n.id} className={cn('px-4 py-3 text-sm', !n.readAt && 'bg-accent/40')}>
                    <p className="font-medium">
                      {!n.readAt ? <span className="sr-only">{t('bell.unread')}</span> : null}
                      {n.link ? (
                        <Link
                          href={n.link}
                          className="hover:underline"
                          onClick={() => {
                            setIsOpen(false);
                            if (!n.readAt) markRead.mutate([n.id]);
                          }}
                        >
                          {text.title}
                        </Link>
                      ) : (
                        text.title
                      )}
                    </p>
                    <p className="text-muted-foreground">{text.body}</p>
                    <p className="mt-1 text-xs text-muted-foreground">{timeAgo(t, n.createdAt)}</p>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">
              {list.isPending ? t('bell.loading') : t('bell.nothingNew')}
            </p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
