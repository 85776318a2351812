import { describe, expect, it } from "vitest";
import {
  createBatches,
  NOTIFY_PAYLOAD_MAX,
  NOTIFY_SPACING_MS,
  type Wire,
  wireHead,
} from "./notify-batches.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const processId = "3f1c2a9e-0000-4000-8000-000000000000";
const noErrors = (message: string) => {
  throw new Error(`unexpected: ${message}`);
};

describe("batches of messages for the other processes", () => {
  it("keep one send on its way: what is added meanwhile, over many ticks, goes in the next, in order", async () => {
    // Every send takes 30 ms, as a NOTIFY does on a busy database.
    const sent: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const batches = createBatches({
      processId,
      async send(payload) {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await sleep(30);
        sent.push(payload);
        inFlight--;
      },
      onError: noErrors,
    });
    for (let i = 0; i < 20; i++) {
      batches.add(JSON.stringify(`m${i}`));
      await new Promise((r) => setImmediate(r));
    }
    await batches.flush();
    expect(mostInFlight).toBe(1);
    expect(sent.length).toBeLessThanOrEqual(3);
    const messages = sent.flatMap((p) => (JSON.parse(p) as { events: string[] }).events);
    expect(messages).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    for (const payload of sent) expect(payload.startsWith(wireHead(processId))).toBe(true);
  });

  it("leave in the tick that added them, before the event loop turns", async () => {
    let sends = 0;
    const batches = createBatches({
      processId,
      async send() {
        sends++;
      },
      onError: noErrors,
    });
    batches.add('"a"');
    batches.add('"b"');
    // Queued after the adds: runs once their microtasks have, before any timer or I/O.
    await new Promise<void>((r) => queueMicrotask(r));
    expect(sends).toBe(1);
    await batches.flush();
    expect(sends).toBe(1);
  });

  it("start at least NOTIFY_SPACING_MS apart, the first at once", async () => {
    const startedAt: number[] = [];
    const batches = createBatches({
      processId,
      async send() {
        startedAt.push(performance.now());
      },
      onError: noErrors,
    });
    const t0 = performance.now();
    batches.add('"first"');
    await batches.flush();
    expect(startedAt[0]! - t0).toBeLessThan(NOTIFY_SPACING_MS);
    // A message a millisecond for 60 ms: at most a batch each NOTIFY_SPACING_MS, not sixty.
    for (let i = 1; i <= 60; i++) {
      batches.add(`${i}`);
      await sleep(1);
    }
    await batches.flush();
    expect(startedAt.length).toBeGreaterThan(1);
    expect(startedAt.length).toBeLessThanOrEqual(1 + Math.ceil(60 / NOTIFY_SPACING_MS) + 2);
    for (let i = 1; i < startedAt.length; i++)
      expect(startedAt[i]! - startedAt[i - 1]!).toBeGreaterThanOrEqual(NOTIFY_SPACING_MS - 1);
  });

  it("fill payloads up to NOTIFY_PAYLOAD_MAX bytes, and send word of a message too large instead of it", async () => {
    const sent: string[] = [];
    const errors: string[] = [];
    const batches = createBatches({
      processId,
      async send(payload) {
        sent.push(payload);
      },
      onError: (message) => void errors.push(message),
    });
    // Two-byte characters: the limit is in bytes, not characters.
    const message = JSON.stringify("é".repeat(500));
    for (let i = 0; i < 40; i++) batches.add(message);
    batches.add(JSON.stringify("x".repeat(NOTIFY_PAYLOAD_MAX)));
    await batches.flush();
    const wires = sent.map((p) => JSON.parse(p) as Wire);
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX);
    const carried = wires.flatMap((w) => ("events" in w ? w.events : []));
    expect(carried).toHaveLength(40);
    expect(sent.length).toBeLessThanOrEqual(
      Math.ceil((40 * Buffer.byteLength(message)) / NOTIFY_PAYLOAD_MAX) + 2,
    );
    expect(wires.filter((w) => "missed" in w)).toEqual([{ from: processId, missed: true }]);
    expect(errors).toEqual(["message too large for other processes"]);
  });

  it("report a send that fails and go on with the next batch", async () => {
    const sent: string[] = [];
    const errors: string[] = [];
    let fail = true;
    const batches = createBatches({
      processId,
      async send(payload) {
        if (fail) throw new Error("connection refused");
        sent.push(payload);
      },
      onError: (message) => void errors.push(message),
    });
    batches.add('"lost"');
    await batches.flush();
    fail = false;
    batches.add('"after"');
    await batches.flush();
    expect(errors).toEqual(["messages not sent to other processes"]);
    expect(sent.map((p) => (JSON.parse(p) as { events: string[] }).events)).toEqual([["after"]]);
  });
});
