/**
 * Every route of SPEC §2 (plus /forgot-password and /release-notes), lazy-loaded by module.
 * A module not built yet renders a pt-BR placeholder naming it; its issue replaces the entry.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from './core/RequireAuth';
import { RouteGate } from './core/RouteGate';
import { dataSourceRoutes } from './modules/data-source/routes';
import { localeRoutes } from './modules/locale/routes';
import { logisticsRoutes, ReceivingPage } from './modules/logistics/routes';
import { organizationRoutes } from './modules/organization/routes';
import { organizationSettingsRoutes } from './modules/organization-settings/routes';
import { revisionRoutes } from './modules/revision/routes';
import { unitRoutes } from './modules/unit-organizational/routes';
import { warehouseRoutes } from './modules/warehouse/routes';

const Layout = lazy(() => import('./AppLayout'));
const PublicFrame = lazy(() => import('./modules/auth/PublicFrame'));
const Placeholder = lazy(() => import('./core/Placeholder'));

const LoginPage = lazy(() => import('./modules/auth/LoginPage'));
const RegisterPage = lazy(() => import('./modules/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./modules/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./modules/auth/ResetPasswordPage'));
const ConfirmedPage = lazy(() => import('./modules/auth/ConfirmedPage'));
const CannotConfirmPage = lazy(() => import('./modules/auth/CannotConfirmPage'));
const DashboardPage = lazy(() => import('./modules/dashboard/DashboardPage'));
const UserListPage = lazy(() => import('./modules/user/UserListPage'));
const UserFormPage = lazy(() => import('./modules/user/UserFormPage'));
const MyAccountPage = lazy(() => import('./modules/account/MyAccountPage'));
const SettingsPage = lazy(() => import('./modules/settings/SettingsPage'));
const ReleaseNotesPage = lazy(() => import('./modules/release-note/ReleaseNotesPage'));
const NotificationsPage = lazy(() => import('./modules/notification/NotificationsPage'));
const NotFoundPage = lazy(() => import('./core/NotFoundPage'));

const el = (C: LazyExoticComponent<ComponentType>) => <C />;
const ph = (module: string, page?: string) => <Placeholder module={module} page={page} />;

/** [path, module name in pt-BR, page kind] of the modules still to be built. */
const PLACEHOLDERS: [string, string, string?][] = [
  ['/my-patrimony', 'Meu patrimônio'],
  ['/faq', 'Perguntas frequentes (FAQ)'],
  ['/report', 'Relatórios'],
  ['/revision', 'Log de revisões'],
  ['/warehouse', 'Almoxarifado'],
  ['/schedule', 'Agenda'],
  ['/schedule/:id', 'Agenda', 'Evento'],
  ['/project', 'Projetos'],
  ['/project/create', 'Projetos', 'Novo projeto'],
  ['/project/edit/:id', 'Projetos', 'Editar projeto'],
  ['/project/dashboard/:id', 'Projetos', 'Painel do projeto'],
  ['/viability', 'Viabilidade'],
  ['/viability/:viabilityId/unit', 'Viabilidade', 'Unidades da viabilidade'],
  ['/viability/:viabilityId/unit/create', 'Viabilidade', 'Nova unidade'],
  ['/viability/:viabilityId/unit/edit/:unitId', 'Viabilidade', 'Editar unidade'],
  ['/viability/:viabilityId/unit/info/:unitId', 'Viabilidade', 'Detalhes da unidade'],
  ['/viability/unit/template', 'Modelos de unidade de viabilidade'],
  ['/viability/unit/template/create', 'Modelos de unidade de viabilidade', 'Novo modelo'],
  ['/viability/unit/template/edit/:id', 'Modelos de unidade de viabilidade', 'Editar modelo'],
  ['/stock', 'Estoques'],
  ['/stock/create', 'Estoques', 'Novo estoque'],
  ['/stock/edit/:id', 'Estoques', 'Editar estoque'],
  ['/stock/info/:id', 'Estoques', 'Detalhes do estoque'],
  ['/section', 'Seções'],
  ['/section/create', 'Seções', 'Nova seção'],
  ['/section/edit/:id', 'Seções', 'Editar seção'],
  ['/section/info/:id', 'Seções', 'Detalhes da seção'],
  ['/product', 'Produtos'],
  ['/product/create', 'Produtos', 'Novo produto'],
  ['/product/edit/:id', 'Produtos', 'Editar produto'],
  ['/patrimony', 'Patrimônio'],
  ['/patrimony/create', 'Patrimônio', 'Novo patrimônio'],
  ['/patrimony/edit/:id', 'Patrimônio', 'Editar patrimônio'],
  ['/patrimony-solicitation', 'Solicitações de patrimônio'],
  ['/movements', 'Movimentações'],
  ['/shipment-solicitation', 'Solicitações de envio'],
  ['/shipment-solicitation/create', 'Solicitações de envio', 'Nova solicitação'],
  ['/shipment-solicitation/edit/:id', 'Solicitações de envio', 'Editar solicitação'],
  ['/shipment', 'Envios'],
  ['/shipment/edit/:id', 'Envios', 'Editar envio'],
  ['/external-activity', 'Atividades externas'],
  ['/external-activity/create', 'Atividades externas', 'Nova atividade'],
  ['/external-activity/edit/:id', 'Atividades externas', 'Editar atividade'],
  ['/external-activity/manage/:id', 'Atividades externas', 'Gerenciar atividade'],
  ['/external-activity/assistance-type', 'Tipos de atendimento'],
  ['/external-activity/assistance-type/create', 'Tipos de atendimento', 'Novo tipo'],
  ['/external-activity/assistance-type/edit/:id', 'Tipos de atendimento', 'Editar tipo'],
  ['/organization', 'Organizações'],
  ['/organization/create', 'Organizações', 'Nova organização'],
  ['/organization/edit/:id', 'Organizações', 'Editar organização'],
  ['/organization/:id/unit-organizational/create', 'Unidades organizacionais', 'Nova unidade'],
  ['/unit-organizational/edit/:id', 'Unidades organizacionais', 'Editar unidade'],
  ['/svc', 'SVC'],
  ['/svc/create', 'SVC', 'Novo SVC'],
  ['/svc/edit/:id', 'SVC', 'Editar SVC'],
  ['/lmc', 'LMC'],
  ['/lmc/create', 'LMC', 'Nova LMC'],
  ['/lmc/edit/:id', 'LMC', 'Editar LMC'],
  ['/lmc/generate-script/:id', 'LMC', 'Gerar script MikroTik'],
  ['/lmc/topology/:id', 'LMC', 'Topologia'],
  ['/lmx/create/:id', 'LMX', 'Novo segmento LMX'],
  ['/lmx/edit/:id', 'LMX', 'Editar segmento LMX'],
  ['/site', 'Sites'],
  ['/site/create', 'Sites', 'Novo site'],
  ['/site/edit/:id', 'Sites', 'Editar site'],
  ['/asset', 'Ativos de rede'],
  ['/asset/create', 'Ativos de rede', 'Novo ativo'],
  ['/asset/edit/:id', 'Ativos de rede', 'Editar ativo'],
  ['/union', 'Uniões'],
  ['/union/create', 'Uniões', 'Nova união'],
  ['/union/edit/:id', 'Uniões', 'Editar união'],
  ['/locale', 'Localidades (cidades, estados e países)'],
  ['/circuit', 'Circuitos de operadora'],
  ['/circuit/create', 'Circuitos de operadora', 'Novo circuito'],
  ['/circuit/edit/:id', 'Circuitos de operadora', 'Editar circuito'],
  ['/circuit/:id/unavailability/', 'Indisponibilidades do circuito'],
  ['/circuit/:id/unavailability/create', 'Indisponibilidades do circuito', 'Nova indisponibilidade'],
  ['/circuit/unavailability/edit/:id', 'Indisponibilidades do circuito', 'Editar indisponibilidade'],
  ['/wiki', 'Wiki'],
  ['/wiki/search', 'Wiki', 'Pesquisa'],
  ['/wiki/:module1?/:module2?/:module3?/:module4?', 'Wiki'],
  ['/organization-settings', 'Configurações da organização'],
  ['/organization-settings/external-activity', 'Configurações da organização', 'Atividades externas'],
  ['/organization-settings/viability', 'Configurações da organização', 'Viabilidade'],
  ['/organization-settings/warehouse', 'Configurações da organização', 'Almoxarifado'],
  ['/organization-settings/logistic', 'Configurações da organização', 'Logística'],
  ['/organization-settings/mikrotik', 'Configurações da organização', 'MikroTik'],
  ['/organization-settings/data-source', 'Configurações da organização', 'Fontes de dados'],
  ['/organization-settings/data-source/create', 'Configurações da organização', 'Nova fonte de dados'],
  ['/organization-settings/data-source/edit/:id', 'Configurações da organização', 'Editar fonte de dados'],
];

/**
 * Routes of built modules (behind login, inside the layout). A module exports its
 * `RouteObject[]` from `modules/<module>/routes.tsx` and is spread here; a placeholder with the
 * same path is dropped automatically.
 */
const MODULE_ROUTES: RouteObject[] = [
  ...organizationRoutes,
  ...unitRoutes,
  ...localeRoutes,
  ...revisionRoutes,
  ...organizationSettingsRoutes,
  ...dataSourceRoutes,
  ...logisticsRoutes,
  ...warehouseRoutes,
];

/** Pages of the core (behind login, inside the layout). */
const CORE_ROUTES: RouteObject[] = [
  { path: '/', element: el(DashboardPage) },
  { path: '/my-account', element: el(MyAccountPage) },
  { path: '/settings', element: el(SettingsPage) },
  { path: '/release-notes', element: el(ReleaseNotesPage) },
  { path: '/notifications', element: el(NotificationsPage) },
  { path: '/user', element: el(UserListPage) },
  { path: '/user/create', element: el(UserFormPage) },
  { path: '/user/edit/:id', element: el(UserFormPage) },
];

/** Paths with a working page (the menu's "em breve" flags are checked against this in a unit test). */
export const builtPaths = new Set([...CORE_ROUTES, ...MODULE_ROUTES].map((r) => r.path));

/** Every page behind login checks its route's permission once, here (RouteGate). */
const gated = (list: RouteObject[]): RouteObject[] =>
  list.map((r) => (r.path ? { ...r, element: <RouteGate path={r.path}>{r.element}</RouteGate> } : r));

export const PROTECTED_PATHS = [
  '/',
  '/my-account',
  '/settings',
  '/release-notes',
  '/notifications',
  '/user',
  '/user/create',
  '/user/edit/:id',
  ...PLACEHOLDERS.map(([p]) => p),
];

export const routes: RouteObject[] = [
  {
    element: el(PublicFrame),
    children: [
      { path: '/login', element: el(LoginPage) },
      { path: '/register', element: el(RegisterPage) },
      { path: '/forgot-password', element: el(ForgotPasswordPage) },
      { path: '/forgot-password/reset/:hash', element: el(ResetPasswordPage) },
      { path: '/confirmed', element: el(ConfirmedPage) },
      { path: '/cannot-confirm/:hash', element: el(CannotConfirmPage) },
      { path: '/receiving/:hash', element: <ReceivingPage /> },
      { path: '/viability/unit/viewer/cannot/:hash', element: ph('Proposta de viabilidade', 'Atendimento não disponível') },
      { path: '/viability/unit/viewer/:hash', element: ph('Proposta de viabilidade') },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: el(Layout),
        children: [
          ...gated([...CORE_ROUTES, ...MODULE_ROUTES]),
          ...PLACEHOLDERS.filter(([path]) => !builtPaths.has(path)).map(([path, module, page]) => ({
            path,
            element: ph(module, page),
          })),
          { path: '*', element: el(NotFoundPage) },
        ],
      },
    ],
  },
];
