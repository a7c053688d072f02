// Administration: the requests and answers of /api/admin/* (decisions/013), one file per subject
// under admin/. Forms and routes share them; imported as '@shared/schemas/admin'.
export { ZIdParamsSchema } from './admin/common';
export * from './admin/businesses';
export * from './admin/staff';
export * from './admin/match-reviews';
export * from './admin/incidents';
export * from './admin/settings';
