import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ModuleOptions, ServerModule } from '../../src/server/lib/server-module';
import { ownerOfUrl, registerModules, SERVER_MODULES } from '../../src/server/module-registry';

const noOptions = {} as ModuleOptions;

describe('module map: a URL names the module that handles it', () => {
  it('no URL prefix is claimed by two modules, and every module has a folder-like name', () => {
    const claimed = SERVER_MODULES.flatMap((module) => module.urlPrefixes.map((prefix) => `${prefix} ${module.name}`));
    const prefixes = SERVER_MODULES.flatMap((module) => module.urlPrefixes);
    expect(new Set(prefixes).size, claimed.join('\n')).toBe(prefixes.length);
    for (const module of SERVER_MODULES) expect(module.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('the longest prefix at a segment boundary wins', () => {
    const owner = (url: string) => ownerOfUrl(url)?.name;
    expect(owner('/api/consumers/me/report')).toBe('reports');
    expect(owner('/api/consumers/me/report.pdf')).toBe('reports');
    expect(owner('/api/consumers/me/disputes')).toBe('disputes');
    expect(owner('/api/consumers/me')).toBe('consumers');
    expect(owner('/api/regulators/audit/seal-heads')).toBe('audit');
    expect(owner('/api/regulators/audit-report')).toBe('oversight');
    expect(owner('/api/admin/businesses/:id/plan')).toBe('businesses');
    expect(owner('/api/admin/businesses/:id/rate-limit')).toBe('rate-limits');
    expect(owner('/api/businesses/me/analytics/scores')).toBe('scoring');
    expect(owner('/api/businesses/me/analytics')).toBe('lender-insights');
    expect(owner('/api/unknown')).toBeUndefined();
  });

  it('a module that declares a route outside its prefixes stops the start', async () => {
    const stray: ServerModule = {
      name: 'stray',
      urlPrefixes: ['/api/stray'],
      async routes(app) {
        app.get('/api/credit/reports/elsewhere', async () => ({}));
      },
    };
    const app = Fastify();
    await expect(
      registerModules(app, noOptions, [{ name: 'reports', urlPrefixes: ['/api/credit/reports'], routes: async () => {} }, stray]),
    ).rejects.toThrow(/GET \/api\/credit\/reports\/elsewhere is declared by module stray but belongs to reports/);
    await app.close();
  });

  it('a route no module claims stops the start too', async () => {
    const app = Fastify();
    const loose: ServerModule = {
      name: 'loose',
      urlPrefixes: ['/api/loose'],
      routes: async (scope) => void scope.get('/api/nowhere', async () => ({})),
    };
    await expect(registerModules(app, noOptions, [loose])).rejects.toThrow(/belongs to no module/);
    await app.close();
  });
});
