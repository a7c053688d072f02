import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: a frame of brotli saves less than it costs. */
const SMALLEST_COMPRESSED_BYTES = 1024;

/**
 * The API's GET answers in brotli or gzip when the browser takes them (decisions/048): a consumer's
 * first page load on a slow network is mostly JSON (the score history alone is 11 KB, 2 KB
 * compressed). Only reads are compressed, and only same-origin ones:
 * - BREACH guesses a secret by the compressed size of an answer that holds it beside text the
 *   attacker chose. No GET answer holds a secret (an API key's or webhook's secret is in a POST's
 *   answer only, once), and a cross-site request (Sec-Fetch-Site: cross-site or same-site, which a
 *   page elsewhere can make with the person's cookie on a top-level navigation) is answered
 *   uncompressed, so no other site can measure a person's own answers.
 * - POST, PUT and DELETE answers are not compressed: a lender's report (POST) is the hot path of
 *   the API and its callers are servers on fast links; compression would cost CPU (#22) for nothing.
 * Request bodies are never decompressed here: a compressed body would slip past the body limits.
 * The web's built files are not touched: they are compressed once at build (vite.config.ts).
 */
async function compressedAnswers(app: FastifyInstance) {
  // Before the plugin's own onRoute hook, which reads `compress` from each route as it is added.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isApiRead = route.url.startsWith('/api/') && methods.every((method) => method === 'GET' || method === 'HEAD');
    if (!isApiRead) route.compress = false;
  });
  app.addHook('onRequest', async (request) => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') delete request.headers['accept-encoding'];
  });
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: SMALLEST_COMPRESSED_BYTES,
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
  });
}

export default fp(compressedAnswers, { name: 'compressed-answers' });
