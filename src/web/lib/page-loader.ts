import type { ComponentType } from 'react';

/**
 * A page's code, loaded on demand: a feature's index.ts lists its pages as these, so importing the
 * index costs a few bytes and every page stays its own chunk (app/lazy-pages.ts wraps them in lazy).
 */
export type TPageLoader<TProps = object> = () => Promise<{ default: ComponentType<TProps> }>;

/** A role area's pages by the path that shows them. */
export type TPagesByPath = Record<string, TPageLoader>;
