import { useEffect, useRef } from "react";
import type { LiveEventMap, LiveEventName, parseLiveEvent } from "#shared/live-events.schema.ts";
import { api, apiAddress } from "./api-client.ts";

type Handler<K extends LiveEventName> = (data: LiveEventMap[K]) => void;
type AnyHandler = (data: never) => void;

const handlers = new Map<LiveEventName, Set<AnyHandler>>();
let source: EventSource | null = null;

// The events' schemas (zod) load with the first event, not with the page:
// most pages never receive one, and zod stays out of every page's first script.
let schemas: Promise<{ parseLiveEvent: typeof parseLiveEvent }> | null = null;
const loadSchemas = () => (schemas ??= import("#shared/live-events.schema.ts"));

// Events are handled one after another, in the order they came, even while
// the schemas load.
let delivering: Promise<void> = Promise.resolve();

function ensureSource() {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource(apiAddress(api.events));
  // EventSource reconnects by itself after a network drop.
  for (const type of handlers.keys()) attach(type);
}

function attach(type: LiveEventName) {
  source?.addEventListener(type, (e) => {
    const text = (e as MessageEvent<string>).data;
    delivering = delivering.then(async () => {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return;
      }
      // A push that is not what its type says is dropped, never handed on.
      const data = (await loadSchemas()).parseLiveEvent(type, raw);
      if (data === null) return;
      handlers.get(type)?.forEach((h) => (h as Handler<typeof type>)(data));
    });
  });
}

/**
 * Subscribes to one type of the server's event stream (/api/events), its data
 * checked against the type's schema (src/shared/live-events.schema.ts) before the
 * handler sees it. One stream serves the whole tab; it is reopened after
 * sign-in or sign-out so the server knows who listens (restartServerEvents).
 */
export function useServerEvent<K extends LiveEventName>(type: K, handler: Handler<K>) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const h: Handler<K> = (data) => latest.current(data);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
      attach(type);
    }
    set.add(h as AnyHandler);
    ensureSource();
    return () => {
      set.delete(h as AnyHandler);
    };
  }, [type]);
}

/** Reopens the stream, e.g. after sign-in, so private events reach this tab. */
export function restartServerEvents() {
  source?.close();
  source = null;
  if (handlers.size > 0) ensureSource();
}

/** Who the stream was opened for: undefined until the session is first known. */
let streamUser: string | null | undefined;

/**
 * Keeps the stream's identity in step with the session: after a sign-in or a
 * sign-out in this tab the stream is reopened, so the server sends the new
 * user's private events (their Inbox's) and no longer the previous user's.
 * The first known session needs nothing: the stream was opened with its cookie.
 */
export function useServerEventsIdentity(userId: string | null, known: boolean) {
  useEffect(() => {
    if (!known) return;
    if (streamUser === undefined) {
      streamUser = userId;
      return;
    }
    if (streamUser === userId) return;
    streamUser = userId;
    restartServerEvents();
  }, [userId, known]);
}
