import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { MqttClient } from 'mqtt';
import { parseStudyTopic } from '../../../domain/live/study-document';
import { parseLiveDocument, SeqTracker, topicMatches, type LiveStudyDocument } from './live-core';
import { apiRequest } from './api';
import { getToken } from './token';

/**
 * Live study documents over MQTT/WebSocket (ARCHITECTURE §4.3): one shared connection per
 * session, subscriptions reference-counted by topic filter, every payload validated with the
 * domain's zod schema, and documents older (by seq) than the one applied for the study dropped.
 */
export type LiveStatus = 'idle' | 'connecting' | 'online' | 'offline';
export type LiveListener = (doc: LiveStudyDocument, topic: string) => void;

const RECONNECT_PERIOD_MS = 2000;

const registry = new Map<string, Set<LiveListener>>();
const seqs = new SeqTracker();
let client: MqttClient | null = null;
let clientToken: string | null = null;

let status: LiveStatus = 'idle';
const statusListeners = new Set<() => void>();
function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function brokerUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/mqtt`;
}

/**
 * Told when what the page shows may be out of date: the connection came back (documents may
 * have been missed meanwhile) or a subscription was refused (the access to it was lost — the
 * broker closes a connection whose access changed and the reconnection is refused the lost
 * topics). Listeners read again what they show; the server answers with the current access.
 */
export type ResyncReason = { kind: 'reconnected' } | { kind: 'refused'; filter: string };
const resyncListeners = new Set<(reason: ResyncReason) => void>();

function resync(reason: ResyncReason): void {
  for (const l of resyncListeners) {
    try {
      l(reason);
    } catch (err) {
      console.error('live: resync listener failed', err);
    }
  }
}

/** Adds a resync listener; the returned function removes it. */
export function onLiveResync(listener: (reason: ResyncReason) => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

export function useLiveResync(listener: (reason: ResyncReason) => void): void {
  const handler = useRef(listener);
  useEffect(() => {
    handler.current = listener;
  });
  useEffect(() => onLiveResync((reason) => handler.current(reason)), []);
}

function subscribeOnBroker(c: MqttClient, filter: string): void {
  c.subscribe(filter, { qos: 1 }, (err, granted) => {
    if (err) console.warn(`live: subscription to ${filter} failed`, err);
    else if (granted?.some((g) => g.qos === 128)) {
      console.warn(`live: subscription to ${filter} refused`);
      resync({ kind: 'refused', filter });
    }
  });
}

/** Non-study documents (a print job's status) by exact topic: plain JSON, no seq. */
const jsonRegistry = new Map<string, Set<(doc: unknown) => void>>();

function dispatch(topic: string, payload: Uint8Array): void {
  const json = jsonRegistry.get(topic);
  if (json) {
    try {
      const doc: unknown = JSON.parse(new TextDecoder().decode(payload));
      for (const listener of json) listener(doc);
    } catch (err) {
      console.error('live: bad document on', topic, err);
    }
    return;
  }
  const doc = parseLiveDocument(payload);
  if (!doc) return;
  const parsedTopic = parseStudyTopic(topic);
  if (!parsedTopic || parsedTopic.studyId !== doc.studyId) return;
  if (!seqs.accept(doc)) return;
  for (const [filter, listeners] of registry) {
    if (!topicMatches(filter, topic)) continue;
    for (const listener of listeners) {
      try {
        listener(doc, topic);
      } catch (err) {
        console.error('live: listener failed', err);
      }
    }
  }
}

/** Bumped by closeLive, so a connection still loading for an ended session is dropped. */
let generation = 0;

/**
 * Opens the session's connection on first use (nothing without a session token). The mqtt
 * library (`import mqtt from 'mqtt'`, its browser build) is loaded on demand, keeping it out
 * of the login page's bundle.
 */
function ensureClient(): void {
  const token = getToken();
  if (!token) return;
  if (clientToken === token) return; // open or opening
  closeLive();
  clientToken = token;
  setStatus('connecting');
  const mine = generation;
  import('mqtt')
    .then(({ default: mqtt }) => {
      if (mine !== generation) return;
      const c = mqtt.connect(brokerUrl(), {
        username: 'session',
        password: token,
        reconnectPeriod: RECONNECT_PERIOD_MS,
        clean: true,
        resubscribe: false,
      });
      let wasOnline = false;
      c.on('connect', () => {
        const again = wasOnline;
        wasOnline = true;
        setStatus('online');
        for (const filter of [...registry.keys(), ...jsonRegistry.keys()]) subscribeOnBroker(c, filter);
        if (again) resync({ kind: 'reconnected' });
      });
      c.on('reconnect', () => setStatus('connecting'));
      c.on('offline', () => setStatus('offline'));
      c.on('close', () => {
        if (client === c) setStatus('offline');
      });
      c.on('error', (err) => {
        console.warn('live: connection error', err.message);
        // The broker refused the token (CONNACK 4/5): the session may have been ended elsewhere
        // (signed out from another device, the user blocked). Asking the server makes an
        // INVALID_SESSION log out now, not at the next click (api.ts ends the session).
        // Only a reconnection of this session's own connection: the server dropped it, then
        // refused it (a first refusal is for the HTTP calls to find; a closed connection's late
        // refusal must not end the next session).
        const code = (err as { code?: unknown }).code;
        if ((code === 4 || code === 5) && wasOnline && mine === generation && getToken() === token)
          void apiRequest('/auth').catch(() => undefined);
      });
      c.on('message', (topic, payload) => dispatch(topic, payload));
      client = c;
    })
    .catch((err: unknown) => {
      if (mine !== generation) return;
      console.error('live: could not load the MQTT client', err);
      clientToken = null;
      setStatus('offline');
    });
}

/** Adds a listener for a topic filter; the returned function removes it. */
export function subscribeLive(filter: string, listener: LiveListener): () => void {
  let listeners = registry.get(filter);
  if (!listeners) {
    listeners = new Set();
    registry.set(filter, listeners);
    ensureClient();
    if (client?.connected) subscribeOnBroker(client, filter);
  } else {
    ensureClient();
  }
  listeners.add(listener);
  return () => {
    const set = registry.get(filter);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) {
      registry.delete(filter);
      if (client?.connected) client.unsubscribe(filter);
    }
  };
}

/** Follows one non-study JSON document by its exact topic; the returned function stops. */
export function subscribeLiveJson(topic: string, listener: (doc: unknown) => void): () => void {
  let listeners = jsonRegistry.get(topic);
  if (!listeners) {
    listeners = new Set();
    jsonRegistry.set(topic, listeners);
    ensureClient();
    if (client?.connected) subscribeOnBroker(client, topic);
  } else ensureClient();
  listeners.add(listener);
  return () => {
    const set = jsonRegistry.get(topic);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) {
      jsonRegistry.delete(topic);
      if (client?.connected) client.unsubscribe(topic);
    }
  };
}

/** Ends the connection (logout, session expiry) and forgets applied sequence numbers. */
export function closeLive(): void {
  generation++;
  const c = client;
  client = null;
  clientToken = null;
  seqs.clear();
  if (c) c.end(true);
  setStatus('idle');
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => statusListeners.delete(onChange);
    },
    () => status,
  );
}

/** Follows every study under the given topic filters (the study list: one per institution). */
export function useLiveStudies(filters: readonly string[], onDoc: LiveListener): LiveStatus {
  const handler = useRef(onDoc);
  useEffect(() => {
    handler.current = onDoc;
  });
  const key = [...new Set(filters)].sort().join('\n');
  useEffect(() => {
    if (!key) return undefined;
    const offs = key.split('\n').map((f) => subscribeLive(f, (doc, topic) => handler.current(doc, topic)));
    return () => offs.forEach((off) => off());
  }, [key]);
  return useLiveStatus();
}

/** Follows one study's live document (its topic from domain's studyTopic); null pauses. */
export function useLiveStudy(topic: string | null, onDoc: LiveListener): LiveStatus {
  return useLiveStudies(topic ? [topic] : [], onDoc);
}
