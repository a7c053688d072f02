import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/languages';
import { applyLanguage, useSaveLanguage, useT } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';

/**
 * The consumer portal's languages: a button for each catalogue file, named in its own language,
 * rather than a menu. Switches at once and keeps the choice on the server, so the person's USSD
 * menus, SMS alerts and certificates follow it too (decisions/043). The header shows it from 640 px
 * wide; on a phone it heads the menu's panel (role-layout.tsx): beside the brand there is no room.
 */
export function LanguageSwitcher({
  className,
  isSaved = true,
}: {
  className?: string;
  /** false on public pages (/verify/:id): only this browser remembers. */ isSaved?: boolean;
}) {
  const { t, i18n } = useT('common');
  const save = useSaveLanguage({ errorToast: t('language.notSaved') });
  const current = i18n.language as Language;
  const choose = (language: Language) => {
    if (language === current) return;
    applyLanguage(language);
    if (isSaved) save.mutate({ language });
  };
  return (
    // cn: a caller's `hidden` must win over the group's own inline-flex (the header hides it on a phone).
    <div role="group" aria-label={t('language.label')} className={cn('inline-flex rounded-md border p-0.5 text-xs', className)}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          onClick={() => choose(language)}
          className={`rounded px-2 py-1 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
            language === current ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted'
          }`}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
