// The script of the server-rendered landing page (decisions/018), in place of the app's entry. The
// page is complete HTML: links work as they are, and the app's code (prefetched by the page, not run)
// is started at the visitor's first sign of interaction. A click on a button before React has taken
// the page over is held and replayed once it has, so the first tap is never lost.
//
// It imports nothing, so that loading it costs one small file and no module graph: the app's entry
// comes from <html data-app-entry> (written by vite.config.ts), and two names are written out here:
// the event is LANDING_HYDRATED_EVENT (shared/landing-data.ts), the attribute LAZY_SECTIONS_ATTRIBUTE
// (lib/lazy-sections.ts); tests/e2e/landing-server-render.spec.ts exercises both.

const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;
const heldClicks: { control: HTMLElement; path: number[] }[] = [];
let isStarted = false;

function start() {
  if (isStarted) return;
  isStarted = true;
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  const entry = document.documentElement.dataset.appEntry;
  if (!entry) return;
  import(/* @vite-ignore */ entry).catch(() => {
    // The code could not be loaded: let clicks through again (links still work without it).
    document.removeEventListener('click', holdClick, true);
  });
}

function holdClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  // A link to a #section jumps by itself: over real section heights, not placeholder ones.
  if (target?.closest('a[href*="#"]')) document.documentElement.removeAttribute('data-lazy-sections');
  const control = target?.closest<HTMLElement>('button, [role="button"]');
  if (!control) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldClicks.push({ control, path: pathOf(control) });
  start();
}

/** Where an element sits under #root, as child indexes: to find its like should React redraw the page. */
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node.id !== 'root'; node = node.parentElement) {
    path.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : 0);
  }
  return path;
}

function elementAt(path: number[]): HTMLElement | null {
  let node: Element | null = document.getElementById('root');
  for (const index of path) node = node?.children[index] ?? null;
  return node instanceof HTMLElement ? node : null;
}

document.addEventListener('click', holdClick, true);
document.addEventListener(
  'ccsl:landing-hydrated',
  () => {
    document.removeEventListener('click', holdClick, true);
    // After React's own follow-up renders of the hydration (the theme button's stored choice).
    setTimeout(() => {
      for (const { control, path } of heldClicks.splice(0)) (control.isConnected ? control : elementAt(path))?.click();
    });
  },
  { once: true },
);
for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });

// The theme button shows the stored choice only once React runs: with a choice stored, start now.
// (THEME_STORAGE_KEY of lib/theme.tsx.)
try {
  const stored = localStorage.getItem('creditcheck-sl-theme');
  if (stored === 'light' || stored === 'dark') start();
} catch {
  // Storage unavailable: the default ("system") is what the server drew.
}
