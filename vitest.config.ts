import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@web': fromRoot('./src/web'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two cores: more workers only adds contention between PGlite instances.
    maxWorkers: 2,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // Migrated and seeded template databases, made once per run and cloned by each test file.
    globalSetup: ['tests/setup/database-templates.ts'],
  },
});
