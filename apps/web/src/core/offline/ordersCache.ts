/**
 * The technician's orders kept on the phone (IndexedDB) for reading without signal: each time the
 * app is online, the open orders assigned to them for the next 7 days — the order (client, address
 * and map point, checklist, assistance type), earlier answers, materials, photo thumbnails, the
 * signature and the timeline — the consumable balances they pick from, and what they carry (their
 * van's contents and the items in their hands). These are this user's
 * API answers: the database is deleted at logout (UpdatePrompt.tsx).
 */
import type { BalanceRead, ChecklistAnswer, ExternalActivityRead, ListResult, MaterialRead, PhotoRead, VanItem, VanRead } from '@operacoes/contract';
import { isAxiosError } from 'axios';
import { type IDBPDatabase, openDB } from 'idb';
import { useSyncExternalStore } from 'react';
import { api } from '../api';
import { getUserData } from '../storage';

export const ORDERS_DB = 'operacoes-orders';
const DAYS_AHEAD = 7;
const MAX_ORDERS = 60;
const THUMB_PX = 320;
/** The statuses a technician still works on. */
const OPEN = ['agendada', 'em_deslocamento', 'em_execucao'] as const;

export type Signature = { name: string; image: string; signed_at: string } | null;
export type CachedOrder = {
  id: number;
  userId: number;
  savedAt: number;
  activity: ExternalActivityRead;
  answers: ChecklistAnswer[];
  materials: MaterialRead[];
  photos: PhotoRead[];
  signature: Signature;
  timeline: unknown[];
};
/** What the technician carries: their van (if they have one) and the items in their hands. */
export type Carried = { van: VanRead | null; held: VanItem[] };
type Meta = { key: 'list'; userId: number; ids: number[]; savedAt: number; balances: BalanceRead[]; carried?: Carried };
export type OrderPart = 'activity' | 'answers' | 'materials' | 'photos' | 'signature' | 'timeline';

let dbp: Promise<IDBPDatabase> | null = null;
const db = () => {
  dbp ??= openDB(ORDERS_DB, 1, {
    upgrade(d) {
      d.createObjectStore('orders', { keyPath: 'id' });
      d.createObjectStore('meta', { keyPath: 'key' });
    },
    // Deleted at logout while open here: open it again next time.
    terminated: () => void (dbp = null),
    blocking: (_c, _n, e) => void ((e.target as IDBDatabase).close(), (dbp = null)),
  });
  return dbp;
};
const userId = () => getUserData()?.id ?? 0;

/** Which orders a screen shows from the cache, and of when ("dados de HH:MM"). */
const servedFromCache = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};
export function useCachedAt(what: string): number | null {
  useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => version,
  );
  return servedFromCache.get(what) ?? null;
}
const mark = (what: string, at: number | null) => {
  if ((servedFromCache.get(what) ?? null) === at) return;
  if (at === null) servedFromCache.delete(what);
  else servedFromCache.set(what, at);
  changed();
};

/** No answer at all from the server (offline, or the connection dropped): the cache is read instead. */
export const isNoConnection = (err: unknown) => isAxiosError(err) && !err.response;

export async function cachedOrder(id: number): Promise<CachedOrder | undefined> {
  const o = (await (await db()).get('orders', id)) as CachedOrder | undefined;
  return o && o.userId === userId() ? o : undefined;
}

/**
 * A part of an order, from the server when it answers (and then kept fresh in the cache), else
 * from the cache; the screen is marked "dados de HH:MM" while it shows cached data.
 */
export async function readThrough<T>(id: number, part: OrderPart, fetch: () => Promise<T>): Promise<T> {
  if (navigator.onLine) {
    try {
      const data = await fetch();
      mark(`order:${id}`, null);
      void (async () => {
        const o = await cachedOrder(id);
        if (o) await (await db()).put('orders', { ...o, [part]: part === 'photos' ? await withThumbs(data as PhotoRead[], o.photos) : data });
      })().catch(() => {});
      return data;
    } catch (err) {
      if (!isNoConnection(err)) throw err;
    }
  }
  const o = await cachedOrder(id);
  if (!o) throw new Error('Sem conexão, e esta atividade não está guardada no aparelho.');
  mark(`order:${id}`, o.savedAt);
  return o[part] as T;
}

export async function cachedList(): Promise<{ orders: ExternalActivityRead[]; savedAt: number } | null> {
  const d = await db();
  const meta = (await d.get('meta', 'list')) as Meta | undefined;
  if (!meta || meta.userId !== userId()) return null;
  const orders = (await Promise.all(meta.ids.map((id) => d.get('orders', id) as Promise<CachedOrder | undefined>))).filter((o): o is CachedOrder => !!o);
  return { orders: orders.map((o) => o.activity), savedAt: meta.savedAt };
}

/**
 * The server's answer when there is a connection, else what was kept for this user at the last
 * refresh (a failure other than "no connection" is the caller's to show).
 */
async function throughCache<T>(fetch: () => Promise<T>, kept: (meta: Meta | undefined) => T): Promise<T> {
  if (navigator.onLine) {
    try {
      return await fetch();
    } catch (err) {
      if (!isNoConnection(err)) throw err;
    }
  }
  const meta = (await (await db()).get('meta', 'list')) as Meta | undefined;
  return kept(meta?.userId === userId() ? meta : undefined);
}

/** Consumable balances to pick from: from the server, else the ones kept (filtered by the typed text). */
export function balancesThrough(term: string, fetch: () => Promise<BalanceRead[]>): Promise<BalanceRead[]> {
  const words = term.toLocaleLowerCase('pt-BR').split(/\s+/).filter(Boolean);
  return throughCache(fetch, (meta) => (meta?.balances ?? []).filter((b) => words.every((w) => b.product.name.toLocaleLowerCase('pt-BR').includes(w))));
}

/** What the technician carries: from the server, else as kept (nothing kept: an empty van). */
export function carriedThrough(fetch: () => Promise<Carried>): Promise<Carried> {
  return throughCache(fetch, (meta) => meta?.carried ?? { van: null, held: [] });
}

async function thumb(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(String(res.status));
  const bitmap = await createImageBitmap(await res.blob());
  const scale = Math.min(1, THUMB_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.7);
}

/** Photos with their thumbnail as the url (a thumbnail already made is kept). */
async function withThumbs(photos: PhotoRead[], before: PhotoRead[] = []): Promise<PhotoRead[]> {
  const known = new Map(before.filter((p) => p.url.startsWith('data:')).map((p) => [p.id, p.url]));
  return Promise.all(photos.map(async (p) => ({ ...p, url: known.get(p.id) ?? (await thumb(p.url).catch(() => p.url)) })));
}

const get = async <T>(url: string, params?: Record<string, unknown>) => (await api.get<T>(url, { params, silent: true })).data;

type HeldRow = { id: number; tag: string; serial: string | null; mac: string | null; status: string; product: { id: number; name: string } | null };
/** The user's van (GET /api/van?mine) and the items they hold in use (GET /api/my-patrimony), from the server. */
export async function fetchCarried(): Promise<Carried> {
  const [vans, mine] = await Promise.all([get<ListResult<VanRead>>('/van', { mine: 'true' }), get<ListResult<HeldRow>>('/my-patrimony', { pageSize: 100 })]);
  const held = mine.items
    .filter((i) => i.status === 'em_uso' && i.product)
    .map((i) => ({ id: i.id, tag: i.tag, serial: i.serial, mac: i.mac, product: { id: i.product!.id, name: i.product!.name } }));
  return { van: vans.items[0] ?? null, held };
}

let refreshing: Promise<void> | null = null;
/** Fetches and keeps the user's orders of the next 7 days; nothing when offline or not a technician. */
export function refreshOrdersCache(): Promise<void> {
  if (refreshing || !navigator.onLine || !userId()) return refreshing ?? Promise.resolve();
  refreshing = (async () => {
    const me = userId();
    const horizon = Date.now() + DAYS_AHEAD * 86_400_000;
    const lists = await Promise.all(OPEN.map((status) => get<ListResult<ExternalActivityRead>>('/external-activity', { mine: 'true', status, pageSize: MAX_ORDERS }).catch(() => null)));
    const orders = lists
      .flatMap((l) => l?.items ?? [])
      .filter((a) => a.status !== 'agendada' || !a.scheduled_start || Date.parse(a.scheduled_start) <= horizon)
      .slice(0, MAX_ORDERS);
    const d = await db();
    const before = new Map(((await d.getAll('orders')) as CachedOrder[]).map((o) => [o.id, o]));
    const savedAt = Date.now();
    const kept: number[] = [];
    for (const a of orders) {
      try {
        const base = `/external-activity/${a.id}`;
        const [activity, answers, materials, photos, signature, timeline] = await Promise.all([
          get<ExternalActivityRead>(base),
          get<ChecklistAnswer[]>(`${base}/answers`),
          get<MaterialRead[]>(`${base}/materials`),
          get<PhotoRead[]>(`${base}/photos`),
          get<Signature>(`${base}/signature`),
          get<unknown[]>(`${base}/timeline`),
        ]);
        const order: CachedOrder = { id: a.id, userId: me, savedAt, activity, answers, materials, photos: await withThumbs(photos, before.get(a.id)?.photos), signature, timeline };
        await d.put('orders', order);
        kept.push(a.id);
      } catch {
        // This one stays as it was kept before (if it was).
        if (before.has(a.id)) kept.push(a.id);
      }
    }
    const previous = (await d.get('meta', 'list')) as Meta | undefined;
    const balances = await get<ListResult<BalanceRead>>('/consumable/balances', { positive: 'true', pageSize: 100 })
      .then((r) => r.items)
      // Not answered (the signal went meanwhile, or no stock permission): the ones kept before stay.
      .catch(() => (previous?.userId === me ? previous.balances : []));
    const carried = await fetchCarried().catch(() => (previous?.userId === me ? previous.carried : undefined));
    // Orders no longer the user's (or finished) leave the phone.
    for (const id of before.keys()) if (!kept.includes(id)) await d.delete('orders', id);
    if (lists.some(Boolean)) await d.put('meta', { key: 'list', userId: me, ids: kept, savedAt, balances, carried } satisfies Meta);
  })()
    .catch(() => {})
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Settles when no copy of the orders is being made (at once when none is). */
export const ordersRefreshed = (): Promise<void> => refreshing ?? Promise.resolve();

/** The bytes the cache holds (for the figures of a day's orders). */
export async function cacheSize(): Promise<number> {
  const d = await db();
  const all = [...(await d.getAll('orders')), ...(await d.getAll('meta'))];
  return new Blob([JSON.stringify(all)]).size;
}
