import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type TThemePreference = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'creditcheck-sl-theme';

function readStoredPreference(): TThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

interface ThemeContextValue {
  preference: TThemePreference;
  resolved: 'light' | 'dark';
  setPreference: (preference: TThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** System, light or dark, kept in localStorage; "system" follows the operating system's setting. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<TThemePreference>(readStoredPreference);
  // The server renders the landing page (decisions/018) without a window: light until the browser says.
  const [isSystemDark, setIsSystemDark] = useState(() => typeof window !== 'undefined' && darkQuery().matches);

  useEffect(() => {
    const query = darkQuery();
    const onChange = (event: MediaQueryListEvent) => setIsSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolved = preference === 'system' ? (isSystemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);

  const setPreference = useCallback((next: TThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    setPreferenceState(next);
  }, []);

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
