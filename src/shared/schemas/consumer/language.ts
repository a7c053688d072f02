import { z } from 'zod';
import { LANGUAGES } from '../../i18n/languages';

/** PUT /api/consumers/me/language: the language of the portal, USSD menus, SMS alerts and certificates. */
export const ZLanguageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: `Must be one of: ${LANGUAGES.join(', ')}` }),
});
export type TLanguageChoice = z.infer<typeof ZLanguageChoiceSchema>;
