import type { ServerModule } from '../../lib/server-module';
import { certificateRoutes } from './routes';

/**
 * Clearance certificates (issue 21, decisions/045): the person's signed statement of their file's
 * standing, its PDF, and the public check anyone with the link may make.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const certificatesModule: ServerModule = {
  name: 'certificates',
  urlPrefixes: ['/api/consumers/me/certificates', '/api/certificates'],
  async routes(app, options) {
    await app.register(certificateRoutes, options);
  },
};

export { extractCertificateToken, verifyCertificatePdf } from './certificate-pdf';
export { canonicalJson } from './signing-key';
