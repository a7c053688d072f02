import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useIsHydrated } from '@web/lib/hydration';
import { useTheme, type TThemePreference } from '@web/lib/theme';

const NEXT: Record<TThemePreference, TThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<TThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICON = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * Cycles the theme: system, light, dark. A plain button rather than a menu keeps the menu and
 * positioning code out of the landing page's first load.
 */
export function ThemeToggle() {
  const { preference: stored, setPreference } = useTheme();
  // The server-rendered landing page (decisions/018) cannot know the stored choice: while React takes
  // that markup over, the button shows what the server drew ("system"), then the stored choice.
  const isHydrated = useIsHydrated();
  const preference = isHydrated ? stored : 'system';
  const Icon = ICON[preference];
  const next = NEXT[preference];
  return (
    <Button
      variant="ghost"
      size="icon"
      data-testid="theme-toggle"
      data-theme-preference={preference}
      aria-label={`Theme: ${LABEL[preference]}. Switch to ${LABEL[next]}`}
      title={`Theme: ${LABEL[preference]} (switch to ${LABEL[next]})`}
      onClick={() => setPreference(next)}
    >
      <Icon aria-hidden />
    </Button>
  );
}
