/** Fetchers of viability studies: templates, viabilities, units, their actions, the pickers and the public proposal. */
import {
  viabilityPlanResource,
  viabilityResource,
  viabilityTemplateResource,
  viabilityUnitResource,
  type ProposalDecisionBody,
  type ProposalView,
  type UnitApproveBody,
  type UnitCalculation,
  type ViabilityUnitRead,
  type CtoAround,
  type CtoPortList,
  type GeocodeResult,
  type SvcCtoPort,
} from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { CtoAround, CtoPortList, GeocodeResult, SvcCtoPort, ProposalView, UnitCalculation, ViabilityPlanRead, ViabilityRead, ViabilityTemplateRead, ViabilityUnitRead } from '@operacoes/contract';

export const templateApi = resourceApi(viabilityTemplateResource);
export const viabilityApi = resourceApi(viabilityResource);
export const unitApi = resourceApi(viabilityUnitResource);
export const planApi = resourceApi(viabilityPlanResource);

/** Every plan of the organization (active first by the list's order), for the unit form and the settings page. */
export const fetchPlans = async () => (await planApi.list({ pageSize: 100 })).items;

export type Ref = { id: number; name: string };
export type ProductOption = { id: number; code: string; name: string; unit_of_measure: string; price: string | null };

/** Active products of the organization for a bill of materials (search, or the named ids). */
export const searchProducts = async (term: string) =>
  (await api.get<ProductOption[]>('/viability/unit/template/product-options', { params: { search: term || undefined } })).data;

/** Sellers to pick. */
export const searchSellers = async (term: string) => (await api.get<Ref[]>('/viability/people', { params: { search: term || undefined } })).data;
export const getSeller = async (id: number) => (await api.get<Ref[]>('/viability/people', { params: { ids: String(id) } })).data[0] ?? { id, name: `#${id}` };

/** Active templates of the organization, for a unit's template select. */
export const fetchActiveTemplates = async () => (await templateApi.list({ active: 'true', pageSize: 100, sort: 'name' })).items;

export type ViabilitySettings = { geocoder_url?: string; max_distance_m: number; price_per_meter: string | number; margin_percent: number; proposal_validity_days: number; default_template_id: number | null; map_tile_url: string; route_factor: number };
export const fetchSettings = async () => (await api.get<ViabilitySettings>('/organization-settings/viability', { silent: true })).data;

export const viabilityKeys = {
  settings: ['viability', 'settings'] as const,
  templates: ['viability_unit_template', 'active'] as const,
  plans: ['viability_plan', 'all'] as const,
  units: (viabilityId: number) => ['viability', viabilityId, 'units'] as const,
  versions: (unitId: number) => ['viability_unit', unitId, 'versions'] as const,
  proposal: (hash: string) => ['proposal', hash] as const,
  ctosAround: (latitude: number, longitude: number) => ['viability', 'cto-around', latitude, longitude] as const,
  ctoPorts: (siteId: number) => ['viability', 'cto-ports', siteId] as const,
  svcPort: (svcId: number) => ['viability', 'svc-port', svcId] as const,
};

export const fetchUnitsOf = async (viabilityId: number) => (await api.get<ViabilityUnitRead[]>(`/viability/${viabilityId}/unit`)).data;
export const createUnitIn = async (viabilityId: number, body: unknown) => (await api.post<ViabilityUnitRead>(`/viability/${viabilityId}/unit`, body)).data;
export const recalculate = async (unitId: number) => (await api.post<ViabilityUnitRead>(`/viability/unit/${unitId}/recalculate`, {})).data;
export const fetchVersions = async (unitId: number) => (await api.get<UnitCalculation[]>(`/viability/unit/${unitId}/version`)).data;
export const newLink = async (unitId: number) => (await api.post<ViabilityUnitRead>(`/viability/unit/${unitId}/link`, {})).data;
export const revokeLink = async (unitId: number) => (await api.delete<ViabilityUnitRead>(`/viability/unit/${unitId}/link`)).data;
/** Silent: the approve dialog shows the server's violations and message itself. */
export const approveUnit = async (unitId: number, body: UnitApproveBody) => (await api.post<ViabilityUnitRead>(`/viability/unit/${unitId}/approve`, body, { silent: true })).data;

/** Assistance types and technicians for the installation work order (the field-service module's pickers' endpoints). */
export const searchAssistanceTypes = async (term: string) =>
  (await api.get<(Ref & { color?: string })[]>('/external-activity/type-options', { params: { search: term || undefined } })).data.map((t) => ({ id: t.id, name: t.name }));
export const searchTechnicians = async (term: string) => (await api.get<Ref[]>('/external-activity/technicians', { params: { search: term || undefined } })).data;

// The public proposal (no login; errors are shown by the page, never as a toast)
export const getProposal = async (hash: string) => (await api.get<ProposalView>(`/viability/unit/viewer/${encodeURIComponent(hash)}`, { silent: true })).data;
export const decideProposal = async (hash: string, kind: 'accept' | 'decline', body: ProposalDecisionBody) =>
  (await api.post<ProposalView>(`/viability/unit/viewer/${encodeURIComponent(hash)}/${kind}`, body, { silent: true })).data;
export const proposalPdfUrl = (hash: string) => `/api/viability/unit/viewer/${encodeURIComponent(hash)}/pdf`;
export const proposalLogoUrl = (hash: string) => `/api/viability/unit/viewer/${encodeURIComponent(hash)}/logo`;

/** Every template of the organization (active first), for the settings' default template select; silent (a user without the permission gets the plain id field). */
export const fetchTemplateOptions = async () =>
  (await api.get<{ items: { id: number; name: string; active: boolean }[] }>('/viability/unit/template', { params: { pageSize: 100, sort: 'name' }, silent: true })).data.items
    .map((t) => ({ value: t.id, label: t.active ? t.name : `${t.name} (inativo)`, active: t.active }))
    .sort((a, b) => Number(b.active) - Number(a.active));

// Fibre boxes (CTOs): the ones around an address (the unit's map), a box's ports (its site page)
export const fetchCtosAround = async (at: { latitude: number; longitude: number }, radiusM = 500) =>
  (await api.get<{ items: CtoAround[]; truncated: boolean }>('/viability/cto/around', { params: { latitude: at.latitude, longitude: at.longitude, radius_m: radiusM }, silent: true })).data.items;
export const fetchCtoPorts = async (siteId: number) => (await api.get<CtoPortList>(`/viability/cto/${siteId}/port`)).data;
/** Plugs a service into a port (null unplugs it); `silent`: the caller shows the refusal (the plug dialog). */
export const assignCtoPort = async (siteId: number, port: number, svcId: number | null, silent = false) =>
  (await api.put<CtoPortList>(`/viability/cto/${siteId}/port/${port}`, { svc_id: svcId }, { silent })).data;
/** The CTO and port a service is plugged into (its page). */
export const fetchSvcCtoPort = async (svcId: number) => (await api.get<SvcCtoPort>(`/viability/cto/svc/${svcId}`)).data;
export type CtoOption = { id: number; code: string; name: string; port_count: number | null };
/** The organization's CTOs, for the plug dialog's box picker. */
export const searchCtos = async (term: string) =>
  (await api.get<{ items: CtoOption[] }>('/site', { params: { type: 'cto', search: term || undefined, pageSize: 20 } })).data.items;
export type SvcOption = { id: number; code: string; client_name: string; status: string };
/** The organization's services, for the plug dialog's service picker. */
export const searchSvcs = async (term: string) => (await api.get<{ items: SvcOption[] }>('/svc', { params: { search: term || undefined, pageSize: 20 } })).data.items;
/** Address or CEP search through the organization's geocoder (silent: the form says what went wrong). */
export const geocode = async (q: string) => (await api.get<GeocodeResult>('/viability/geocode', { params: { q }, silent: true })).data;
