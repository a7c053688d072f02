import { useSyncExternalStore } from 'react';

export type TToastKind = 'success' | 'error' | 'info' | 'warning';

export interface TToastItem {
  id: number;
  kind: TToastKind;
  title: string;
  description?: string;
  open: boolean;
}

/** Spec section 9: one toast at a time; a dismissed toast is removed 1,000,000 ms later. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

let toasts: TToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: TToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: { kind?: TToastKind; title: string; description?: string }) {
  const item: TToastItem = { id: nextId++, kind: input.kind ?? 'info', title: input.title, description: input.description, open: true };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return item.id;
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_TOASTS: TToastItem[] = [];

/** The toasts shown now; none while the server renders the landing page (and while the browser takes that markup over). */
export function useToasts() {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
