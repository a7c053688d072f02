import type { ServerModule } from '../../lib/server-module';
import { portfolioScoreRoutes } from './business-routes';
import { scoreDriftRoutes } from './drift-routes';
import { scoringRoutes } from './routes';
import { scoreSimulationRoutes } from './simulation-routes';

/**
 * The credit score: features, the scorecard, stored scores, portfolio scores and the model summary.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const scoringModule: ServerModule = {
  name: 'scoring',
  urlPrefixes: ['/api/scoring', '/api/consumers/me/scores', '/api/businesses/me/analytics/scores'],
  async routes(app, options) {
    await app.register(portfolioScoreRoutes, options);
    await app.register(scoringRoutes, options);
    await app.register(scoreDriftRoutes, options);
    await app.register(scoreSimulationRoutes, options);
  },
};

export { hardInquiryWindow, isHardInquirySql, parseScoringInquiries, scoringAccountsOfFile, type ScoringInputs } from './queries';
export { computeScore, scoreCreditReport, scoreSubject, storedScoreValues } from './service';
export { latestDriftSummary } from './drift-store';
export { runScoreDrift } from './drift-run';
