import { useEffect, useRef } from "react";
import type { LiveEventMap, LiveEventName, parseLiveEvent } from "#shared/live-events.schema.ts";
import { type PublicLiveEventName, topicOf } from "#shared/live-topics.ts";
import { api, apiAddress } from "./api-client.ts";

type Handler<K extends LiveEventName> = (data: LiveEventMap[K]) => void;
type AnyHandler = (data: never) => void;

const handlers = new Map<LiveEventName, Set<AnyHandler>>();
/** The topics the page's mounted subscriptions listen to, each with how many do. */
const topics = new Map<string, number>();
let source: EventSource | null = null;
/** The topics the open stream was opened with. */
let sourceTopics = new Set<string>();
let reopenScheduled = false;

// The events' schemas (zod) load with the first event, not with the page:
// most pages never receive one, and zod stays out of every page's first script.
let schemas: Promise<{ parseLiveEvent: typeof parseLiveEvent }> | null = null;
const loadSchemas = () => (schemas ??= import("#shared/live-events.schema.ts"));

// Events are handled one after another, in the order they came, even while
// the schemas load.
let delivering: Promise<void> = Promise.resolve();

function streamAddress(named: Iterable<string>): string {
  const query = new URLSearchParams();
  for (const topic of named) query.append("topic", topic);
  const search = query.toString();
  return apiAddress(api.events) + (search ? `?${search}` : "");
}

function ensureSource() {
  if (source || typeof EventSource === "undefined") return;
  sourceTopics = new Set(topics.keys());
  source = new EventSource(streamAddress(sourceTopics));
  // EventSource reconnects by itself after a network drop.
  for (const type of handlers.keys()) attach(type);
}

/**
 * The server sends a stream the topics it named when it opened, so a page
 * that starts listening to a new one reopens the stream. The subscriptions a
 * navigation mounts are gathered first (one reopen, not one per component);
 * a topic no longer listened to needs no reopen (its events are dropped here
 * until the next one).
 */
function scheduleReopen() {
  if (reopenScheduled) return;
  reopenScheduled = true;
  setTimeout(() => {
    reopenScheduled = false;
    if (!source) return ensureSource();
    if ([...topics.keys()].every((t) => sourceTopics.has(t))) return;
    restartServerEvents();
  }, 0);
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
 * The topic a subscription listens to: a discussion names its own
 * (discussionTopic), the other public events have one each, and the Inbox's
 * `notifications` come to the member's streams without one.
 */
type TopicArgument<K extends LiveEventName> = K extends "comments" ? [topic: string] : [];

/**
 * Subscribes to one type of the server's event stream (/api/events), its data
 * checked against the type's schema (src/shared/live-events.schema.ts) before the
 * handler sees it. One stream serves the whole tab, with the topics of every
 * subscription mounted; it is reopened when a new topic is listened to, and
 * after sign-in or sign-out so the server knows who listens.
 */
export function useServerEvent<K extends LiveEventName>(
  type: K,
  handler: Handler<K>,
  ...[named]: TopicArgument<K>
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const topic = type === "notifications" ? null : (named ?? topicOf(type as PublicLiveEventName, undefined));
  useEffect(() => {
    const h: Handler<K> = (data) => latest.current(data);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
      attach(type);
    }
    set.add(h as AnyHandler);
    if (topic !== null) {
      topics.set(topic, (topics.get(topic) ?? 0) + 1);
      if (!source || !sourceTopics.has(topic)) scheduleReopen();
    } else if (!source) scheduleReopen();
    return () => {
      set.delete(h as AnyHandler);
      if (topic === null) return;
      const left = (topics.get(topic) ?? 1) - 1;
      if (left > 0) topics.set(topic, left);
      else topics.delete(topic);
    };
  }, [type, topic]);
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
