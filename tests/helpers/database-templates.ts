import { inject } from 'vitest';

export const TEMPLATE_DIR = 'test-results/templates';
export type TemplateKind = 'migrated' | 'seeded';
/** PGlite: the dump file of each kind; PostgreSQL: the template database's name. */
export type TemplateIndex = Partial<Record<TemplateKind, string>>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: TemplateIndex;
  }
}

export const templateDatabaseName = (kind: TemplateKind) => `ccsl_template_${kind}_${process.pid}`;

/** This run's template (made by tests/setup/database-templates.ts), or null when there is none. */
export function readTemplate(kind: TemplateKind): string | null {
  try {
    return inject('databaseTemplates')?.[kind] ?? null;
  } catch {
    return null;
  }
}
