/**
 * The pages without login, in the public frame: one line per module that has any
 * (docs/adding-a-module.md). Apart from modules/index.ts because the first page most users
 * load (/login) carries only these; the routes behind the login load with the layout.
 */
import type { RouteObject } from 'react-router';
import { authRoutes } from './auth/routes';
import { logisticsPublicRoutes } from './logistics/routes';
import { viabilityPublicRoutes } from './viability/routes';

export const PUBLIC_ROUTES: RouteObject[] = [...authRoutes, ...logisticsPublicRoutes, ...viabilityPublicRoutes];
