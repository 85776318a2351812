import { useEffect, useRef } from "react";
import { api, apiAddress } from "./api-client.ts";

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;

function ensureSource() {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource(apiAddress(api.events));
  // EventSource reconnects by itself after a network drop.
  for (const type of handlers.keys()) attach(type);
}

function attach(type: string) {
  source?.addEventListener(type, (e) => {
    let data: unknown = null;
    try {
      data = JSON.parse((e as MessageEvent<string>).data);
    } catch {
      return;
    }
    handlers.get(type)?.forEach((h) => h(data));
  });
}

/**
 * Subscribes to one type of the server's event stream (/api/events). One
 * stream serves the whole tab; it is reopened after sign-in or sign-out so
 * the server knows who listens (restartServerEvents).
 */
export function useServerEvent(type: string, handler: Handler) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const h: Handler = (data) => latest.current(data);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
      attach(type);
    }
    set.add(h);
    ensureSource();
    return () => {
      set.delete(h);
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
