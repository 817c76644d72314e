/**
 * Realtime (SPEC §7): an EventSource on the Mercure hub with the user's topics and
 * mercure_token. Each message: desktop notification (console warning when not permitted),
 * prepended to the list, short sound. Reconnects after a network drop.
 */
import type { NotificationRead, RealtimeMessage } from '@operacoes/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../../core/session';
import { getMercure } from '../../core/storage';
import { toast } from '../../core/toast';
import { prependNotification } from './api';

export const NOTIFICATION_SOUND = '/notification.wav';

export function mercureUrl(topics: string[], token: string, origin = window.location.origin): string {
  const url = new URL('/.well-known/mercure', origin);
  for (const t of topics) url.searchParams.append('topic', t);
  if (token) url.searchParams.set('authorization', token);
  return url.toString();
}

export function showDesktopNotification(title: string, body: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') {
    console.warn('Notificações da área de trabalho não permitidas neste navegador.');
    return;
  }
  try {
    new Notification(title, { body, icon: '/favicon.svg' });
  } catch (e) {
    console.warn('Não foi possível exibir a notificação da área de trabalho.', e);
  }
}

export function playNotificationSound(): void {
  try {
    const a = new Audio(NOTIFICATION_SOUND);
    a.volume = 0.6;
    void a.play().catch(() => {});
  } catch {
    /* no audio in this browser */
  }
}

/** Realtime messages that are not notifications (`{type: 'circuit', …}`), for the modules that listen to them. */
type RealtimeEvent = { type: string } & Record<string, unknown>;
const eventListeners = new Set<(msg: RealtimeEvent) => void>();

/** Calls `handler` for each realtime message of `type` while the component is mounted (the layout's connection carries them). */
export function useRealtimeEvent<T extends RealtimeEvent>(type: T['type'], handler: (msg: T) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (msg: RealtimeEvent) => {
      if (msg.type === type) ref.current(msg as T);
    };
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  }, [type]);
}

export function useRealtime(enabled: boolean): void {
  const qc = useQueryClient();
  const { prefs } = useSession();
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const { token, topics } = getMercure();
    if (topics.length === 0) return;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = 1000;
    let stopped = false;

    const onMessage = (ev: MessageEvent<string>) => {
      let msg: RealtimeMessage;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (!msg) return;
      if (msg.type && msg.type !== 'notification') {
        eventListeners.forEach((l) => l(msg as unknown as RealtimeEvent));
        return;
      }
      const n: NotificationRead = {
        id: msg.id ?? -Date.now(),
        title: msg.title ?? '',
        message: msg.message ?? '',
        is_read: false,
        created_at: msg.created_at ?? new Date().toISOString(),
        link: msg.link ?? null,
      };
      prependNotification(qc, n);
      if (prefsRef.current.appNotification) {
        toast.info(n.title || 'Nova notificação');
        showDesktopNotification(n.title, n.message);
        playNotificationSound();
      }
    };

    const connect = () => {
      if (stopped) return;
      es = new EventSource(mercureUrl(topics, token));
      es.onopen = () => {
        delay = 1000;
      };
      es.onmessage = onMessage;
      es.onerror = () => {
        // The browser retries by itself while CONNECTING; once CLOSED we reconnect with backoff.
        if (es && es.readyState === EventSource.CLOSED) {
          es.close();
          es = null;
          timer = setTimeout(connect, delay);
          delay = Math.min(delay * 2, 30_000);
        }
      };
    };
    const onOnline = () => {
      if (es && es.readyState === EventSource.OPEN) return;
      es?.close();
      if (timer) clearTimeout(timer);
      delay = 1000;
      connect();
    };
    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      if (timer) clearTimeout(timer);
      es?.close();
    };
  }, [enabled, qc]);
}

/** The realtime connection of the logged-in user, as a component the app layer mounts in the layout. */
export function RealtimeConnection(): null {
  const { user } = useSession();
  useRealtime(!!user);
  return null;
}
