import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/shared/demo';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process';

let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
beforeAll(async () => {
  data = tempDataDir();
  // PGlite on purpose, even in the PostgreSQL run: this test is about the process, not the engine.
  server = await startServerProcess({ DATA_DIR: data.dir, DATABASE_URL: '', SCHEDULED_JOBS: 'false' });
});
afterAll(async () => {
  await server.stop('SIGKILL');
  data.remove();
});

describe('SIGTERM', () => {
  it('lets a request in flight finish, refuses new work, and exits cleanly', async () => {
    const body = JSON.stringify({ username: 'demo-business', password: DEMO_PASSWORD });
    // The request is half sent when the signal arrives; the server must still answer it.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/businesses/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body).message).toBe('Login successful');
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
