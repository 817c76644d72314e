/**
 * The phone's queue of on-site records (IndexedDB): each record is written here first, then sent
 * in order with its own Idempotency-Key (the API answers a resend with the first answer, so a
 * record whose answer was lost is never written twice). Without a connection (or on a 5xx) the
 * records wait — across reloads and restarts — and are sent when the connection returns, at every
 * start and every half minute. A record the server refuses (4xx) stays, with the server's pt-BR
 * reason, until the technician retries or discards it; the records after it on the same order wait
 * (a conclusion is never sent before what was recorded before it).
 */
import { isAxiosError } from 'axios';
import { type IDBPDatabase, openDB } from 'idb';
import { useSyncExternalStore } from 'react';
import { api } from '../api';
import { getUserData } from '../storage';

export type QueuedKind = 'answer' | 'material' | 'photo' | 'signature' | 'step';
export type QueuedRecord = {
  seq?: number;
  userId: number;
  activityId: number;
  /** The Idempotency-Key: random, made once when the record is queued. */
  key: string;
  kind: QueuedKind;
  /** What the technician reads on the record's line ("Material: PAT-000123"). */
  label: string;
  method: 'POST' | 'PUT';
  url: string;
  body?: unknown;
  photo?: { blob: Blob; item_key?: string };
  /** Checklist answers of one item replace each other while unsent. */
  itemKey?: string;
  state: 'pending' | 'refused';
  error?: string;
  createdAt: number;
};
export type Outcome = { status: 'sent'; data: unknown } | { status: 'queued' } | { status: 'refused'; error: string };

export const QUEUED_MESSAGE = 'Salvo no aparelho; será enviado quando houver conexão.';
const DB = 'operacoes-queue';
const RETRY_MS = 30_000;

let dbp: Promise<IDBPDatabase> | null = null;
const db = () =>
  (dbp ??= openDB(DB, 1, {
    upgrade(d) {
      d.createObjectStore('records', { keyPath: 'seq', autoIncrement: true });
    },
  }));

/** The state the screens read: this user's records, the sending progress, the connection. */
type Snapshot = { records: QueuedRecord[]; sending: { done: number; total: number } | null; online: boolean };
let snapshot: Snapshot = { records: [], sending: null, online: typeof navigator === 'undefined' ? true : navigator.onLine };
const listeners = new Set<() => void>();
const sentListeners = new Set<(r: QueuedRecord, data: unknown) => void>();
const set = (patch: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function useOfflineQueue(): Snapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Called with each record the server accepted (the screens refresh what it changed). */
export function onRecordSent(fn: (r: QueuedRecord, data: unknown) => void): () => void {
  sentListeners.add(fn);
  return () => void sentListeners.delete(fn);
}

const userId = () => getUserData()?.id ?? 0;

async function reload() {
  const me = userId();
  const all = (await (await db()).getAll('records')) as QueuedRecord[];
  set({ records: all.filter((r) => r.userId === me).sort((a, b) => a.seq! - b.seq!) });
}

function newKey(): string {
  // getRandomValues: also on plain HTTP, where crypto.randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const outcomes = new Map<string, Outcome>();

let writing: Promise<unknown> = Promise.resolve();
/** One write at a time: two quick answers of one item must find each other. */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const p = writing.then(fn, fn);
  writing = p.catch(() => {});
  return p;
}

const sameBody = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Writes a record to the queue, then tries to send it: what happened to it. */
export async function submitRecord(r: Omit<QueuedRecord, 'userId' | 'key' | 'state' | 'createdAt'>): Promise<Outcome> {
  const key = await serial(async () => {
    const d = await db();
    const me = userId();
    if (r.kind === 'answer' && r.itemKey) {
      // The newest value of an item replaces its unsent one (the same PUT: only the last matters).
      const all = (await d.getAll('records')) as QueuedRecord[];
      const older = all.find((x) => x.userId === me && x.kind === 'answer' && x.activityId === r.activityId && x.itemKey === r.itemKey && x.state === 'pending');
      if (older) {
        if (sameBody(older.body, r.body)) return older.key;
        // Another body is another request: a new key (the old one may be on its way with the old value).
        const next = { ...older, body: r.body, label: r.label, key: newKey() };
        await d.put('records', next);
        return next.key;
      }
    }
    const record: QueuedRecord = { ...r, userId: me, key: newKey(), state: 'pending', createdAt: Date.now() };
    await d.add('records', record);
    return record.key;
  });
  await reload();
  await flush();
  return outcomes.get(key) ?? stillThere(key);
}

function stillThere(key: string): Outcome {
  const r = snapshot.records.find((x) => x.key === key);
  if (!r) return { status: 'sent', data: undefined };
  return r.state === 'refused' ? { status: 'refused', error: r.error ?? 'Registro recusado.' } : { status: 'queued' };
}

export async function discardRecord(seq: number) {
  await (await db()).delete('records', seq);
  await reload();
  void flush();
}

/** A refused record sent again (the item was handed to the technician meanwhile, say). */
export async function retryRecord(seq: number) {
  const d = await db();
  const r = (await d.get('records', seq)) as QueuedRecord | undefined;
  if (r) await d.put('records', { ...r, state: 'pending', error: undefined });
  await reload();
  await flush();
}

let running: Promise<void> | null = null;
let again = false;

/** Sends the pending records in order; one run at a time (a call during a run asks for another). */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await sendAll();
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

async function sendAll() {
  await reload();
  const pending = snapshot.records.filter((r) => r.state === 'pending');
  if (!pending.length || !userId()) return;
  // The phone says there is no network: nothing to try (the 'online' event starts the next run).
  if (!navigator.onLine) return set({ online: false });
  const blocked = new Set(snapshot.records.filter((r) => r.state === 'refused').map((r) => r.activityId));
  let done = 0;
  set({ sending: { done, total: pending.length } });
  try {
    for (const r of pending) {
      if (blocked.has(r.activityId)) continue;
      set({ sending: { done: done + 1, total: pending.length } });
      const result = await sendOne(r);
      if (result === 'offline') {
        set({ online: false });
        return;
      }
      set({ online: true });
      if (result === 'refused') blocked.add(r.activityId);
      done++;
    }
  } finally {
    set({ sending: null });
    await reload();
  }
}

async function sendOne(r: QueuedRecord): Promise<'sent' | 'refused' | 'offline'> {
  const d = await db();
  let data: unknown = r.body;
  if (r.photo) {
    const form = new FormData();
    if (r.photo.item_key) form.append('item_key', r.photo.item_key);
    form.append('file', r.photo.blob, 'foto.jpg');
    data = form;
  }
  try {
    const res = await api.request({ method: r.method, url: r.url, data, headers: { 'Idempotency-Key': r.key }, silent: true, timeout: 60_000 });
    // Replaced by a newer value while on its way (a new key): that one is still to send.
    await serial(async () => {
      const now = (await d.get('records', r.seq!)) as QueuedRecord | undefined;
      if (now?.key === r.key) await d.delete('records', r.seq!);
    });
    outcomes.set(r.key, { status: 'sent', data: res.data });
    sentListeners.forEach((l) => l(r, res.data));
    return 'sent';
  } catch (err) {
    const status = isAxiosError(err) ? err.response?.status : undefined;
    const body = isAxiosError(err) ? (err.response?.data as { message?: string; in_progress?: boolean } | undefined) : undefined;
    // No answer, a 5xx, a timeout, a busy server, an expired session, or the same key still being
    // processed: the record waits and is sent again later.
    if (status === undefined || status >= 500 || status === 401 || status === 408 || status === 429 || body?.in_progress) return 'offline';
    const error = body?.message ?? 'Registro recusado pelo servidor.';
    await serial(async () => {
      const now = (await d.get('records', r.seq!)) as QueuedRecord | undefined;
      if (now?.key === r.key) await d.put('records', { ...r, state: 'refused', error });
    });
    outcomes.set(r.key, { status: 'refused', error });
    return 'refused';
  }
}

let started = false;
/** At every start (after login): send what waits, when the connection returns, and every half minute. */
export function startQueue() {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    set({ online: true });
    void flush();
  });
  window.addEventListener('offline', () => set({ online: false }));
  setInterval(() => {
    if (snapshot.records.some((r) => r.state === 'pending')) void flush();
  }, RETRY_MS);
  void flush();
}
