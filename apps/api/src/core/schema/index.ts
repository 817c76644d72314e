/**
 * The platform tables the core itself works with: the places organizations and units sit in
 * (locale), tenancy (organizations, organizational units), identity (persons, users and their
 * units) and the audit log (revisions). Their modules re-export them and own their routes.
 */
export * from './locale';
export * from './organization';
export * from './unit-organizational';
export * from './user';
export * from './revision';
export * from './columns';
export * from './idempotency';
export * from './api-token';
