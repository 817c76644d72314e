import type { SettingsSection } from '@operacoes/contract';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SettingsHubPage = lazy(() => import('./SettingsHubPage'));
const SettingsSectionPage = lazy(() => import('./SettingsSectionPage'));

// Listed here (not imported from the contract) so the entry chunk stays free of zod.
const SECTIONS: SettingsSection[] = ['external-activity', 'viability', 'warehouse', 'logistic', 'mikrotik', 'circuit'];

/** /organization-settings and one page per section (SPEC §2). */
export const organizationSettingsRoutes: RouteObject[] = [
  { path: '/organization-settings', element: <SettingsHubPage /> },
  ...SECTIONS.map((section) => ({ path: `/organization-settings/${section}`, element: <SettingsSectionPage section={section} /> })),
];
