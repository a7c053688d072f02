import type { ServerModule } from '../../lib/server-module';
import { matchReviewRoutes } from './routes';

/**
 * Identity matching: which person a reported row or a search belongs to, and the administrator's review of unsure matches.
 * This file is the module's only door: other modules and the app import from here, never from its files.
 */
export const matchingModule: ServerModule = {
  name: 'matching',
  urlPrefixes: ['/api/admin/match-reviews'],
  async routes(app, options) {
    await app.register(matchReviewRoutes, options);
  },
};

export {
  computeNameCodes,
  findCandidateSubjects,
  findKnownFacts,
  findOwnersOfIdentifiers,
  type FactsProbe,
  type IdentifierOwners,
  type KnownFacts,
} from './candidates';
export { addIdentifier, loadContacts, loadDetails, loadIdentifiers, loadIdentities, toNameRecord } from './identities';
export { joinName, normalizeName, swapDayMonth, titleCase } from './names';
export { mayCloseMargin, reachOfNames, type CandidateReach } from './reach';
export { tightNameBlockSql } from './name-block';
export { ZNameRow } from './candidate-rows';
export {
  checkIdentifierAgreement,
  decideCandidate,
  rankCandidates,
  scoreCandidate,
  type CandidateIdentity,
  type CandidateDecision,
  type IdentifierValue,
  type NameRecord,
  type PairScore,
  type ProbeIdentity,
} from './score';
