import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StockListPage = lazy(() => import('./StockListPage'));
const StockFormPage = lazy(() => import('./StockFormPage'));
const StockInfoPage = lazy(() => import('./StockInfoPage'));
const SectionListPage = lazy(() => import('./SectionPages').then((m) => ({ default: m.SectionListPage })));
const SectionFormPage = lazy(() => import('./SectionPages').then((m) => ({ default: m.SectionFormPage })));
const SectionInfoPage = lazy(() => import('./SectionPages').then((m) => ({ default: m.SectionInfoPage })));
const ProductListPage = lazy(() => import('./ProductPages').then((m) => ({ default: m.ProductListPage })));
const ProductFormPage = lazy(() => import('./ProductPages').then((m) => ({ default: m.ProductFormPage })));
const PatrimonyListPage = lazy(() => import('./PatrimonyListPage'));
const PatrimonyCreatePage = lazy(() => import('./PatrimonyFormPage').then((m) => ({ default: m.PatrimonyCreatePage })));
const PatrimonyEditPage = lazy(() => import('./PatrimonyFormPage').then((m) => ({ default: m.PatrimonyEditPage })));
const RequestListPage = lazy(() => import('./RequestListPage'));
const MyPatrimonyPage = lazy(() => import('./MyPatrimonyPage'));
const MovementsPage = lazy(() => import('./MovementsPage'));
const WarehouseHubPage = lazy(() => import('./WarehouseHubPage'));
const VanPage = lazy(() => import('./VanPage'));

/** Warehouse (DESIGN §4): hub, stocks, sections, products, patrimony, requests, movements, my patrimony, technicians' vans. */
export const warehouseRoutes: RouteObject[] = [
  { path: '/warehouse', element: <WarehouseHubPage /> },
  { path: '/stock', element: <StockListPage /> },
  { path: '/stock/create', element: <StockFormPage /> },
  { path: '/stock/edit/:id', element: <StockFormPage /> },
  { path: '/stock/info/:id', element: <StockInfoPage /> },
  { path: '/section', element: <SectionListPage /> },
  { path: '/section/create', element: <SectionFormPage /> },
  { path: '/section/edit/:id', element: <SectionFormPage /> },
  { path: '/section/info/:id', element: <SectionInfoPage /> },
  { path: '/product', element: <ProductListPage /> },
  { path: '/product/create', element: <ProductFormPage /> },
  { path: '/product/edit/:id', element: <ProductFormPage /> },
  { path: '/patrimony', element: <PatrimonyListPage /> },
  { path: '/patrimony/create', element: <PatrimonyCreatePage /> },
  { path: '/patrimony/edit/:id', element: <PatrimonyEditPage /> },
  { path: '/patrimony-solicitation', element: <RequestListPage /> },
  { path: '/movements', element: <MovementsPage /> },
  { path: '/my-patrimony', element: <MyPatrimonyPage /> },
  { path: '/van', element: <VanPage /> },
];
