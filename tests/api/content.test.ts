import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpContent } from '../../src/server/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('GET /api/cms/content', () => {
  it.each(['hero', 'features', 'pricing'])('lists the %s section as [{key, content}]', async (section) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cms/content?section=${section}` });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['content', 'key']);
  });

  it('has the keys the landing page reads', async () => {
    const hero = (await t.app.inject({ method: 'GET', url: '/api/cms/content?section=hero' })).json();
    expect(hero.map((i: { key: string }) => i.key).sort()).toEqual(['main_headline', 'subtitle']);
  });

  it('refuses an unknown section, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cms/content?section=secrets' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('section');
  });
});

describe('GET /api/help-content', () => {
  it('lists at least 12 published articles across every category', async () => {
    const items = (await t.app.inject({ method: 'GET', url: '/api/help-content' })).json();
    expect(items.length).toBeGreaterThanOrEqual(12);
    const categories = new Set(items.map((i: { category: string }) => i.category));
    for (const c of ['getting_started', 'features', 'ai_scoring', 'national_id', 'troubleshooting', 'updates'])
      expect(categories).toContain(c);
  });

  it("filters What's New by category=updates and by whats_new", async () => {
    for (const q of ['updates', 'whats_new']) {
      const items = (await t.app.inject({ method: 'GET', url: `/api/help-content?category=${q}` })).json();
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.every((i: { category: string }) => i.category === 'updates')).toBe(true);
    }
  });

  it('never lists an unpublished article, and cannot count views of one', async () => {
    const [draft] = await t.db
      .insert(helpContent)
      .values({ title: 'Draft', content: 'secret draft', category: 'features', author: 'x', isPublished: false })
      .returning({ id: helpContent.id });
    const items = (await t.app.inject({ method: 'GET', url: '/api/help-content' })).json();
    expect(items.find((i: { id: number }) => i.id === draft.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: `/api/help-content/${draft.id}/view` })).statusCode).toBe(404);
  });

  it('counts a view on the server', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/help-content' })).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/help-content/${first.id}/view` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: first.id, viewCount: first.viewCount + 1 });
    const [row] = await t.db.select({ viewCount: helpContent.viewCount }).from(helpContent).where(eq(helpContent.id, first.id));
    expect(row.viewCount).toBe(first.viewCount + 1);
  });

  it('answers 400 for a non-numeric id and 404 for an unknown one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/help-content/abc/view' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/help-content/999999/view' })).statusCode).toBe(404);
  });
});

describe('GET /api/config', () => {
  it('tells the browser whether demo mode is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    // Demo mode: payments and SMS are the sandbox, and the demo box says so (no sandbox banner).
    expect(res.json()).toEqual({
      demoMode: true,
      productName: 'CreditCheck SL',
      sandbox: ['payments', 'sms'],
      showSandboxBanner: false,
      retentionYears: 7,
      disputeDeadlineDays: 30,
    });
  });
});
