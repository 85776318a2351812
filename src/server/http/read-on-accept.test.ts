import { createServer, type IncomingMessage, type Server } from "node:http";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { readOnAccept } from "./read-on-accept.ts";

const servers: Server[] = [];
const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** Connects, writes `bytes`, says so through `written`; then writes what it is sent, and passes answers on. */
const CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
const { port, bytes, written } = workerData;
const socket = require("node:net").createConnection(port, "127.0.0.1", () => {
  socket.write(bytes, () => { Atomics.store(written, 0, 1); Atomics.notify(written, 0); });
});
socket.on("data", (d) => parentPort.postMessage(d.toString()));
parentPort.on("message", (more) => socket.write(more));
`;

function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

interface Seen {
  method: string;
  url: string;
  body: string;
  /** Turns of the event loop between the connection's accept and the request's read. */
  turnsAfterAccept: number;
}

/**
 * A server whose event loop is held while a client connects and sends
 * `bytes` (as under load); how many turns after its connection's accept
 * each request is read. `later` is sent once the first answer came (or,
 * with no `bytes`, once the connection was accepted).
 */
async function servedAfterBusyLoop(withReadOnAccept: boolean, bytes: string, later = "") {
  let turn = 0;
  let acceptedIn = -1;
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const readIn = turn;
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, body, turnsAfterAccept: readIn - acceptedIn });
      res.end(`${req.url}:${body}`);
    });
  });
  server.on("connection", () => (acceptedIn = turn));
  if (withReadOnAccept) readOnAccept(server);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };

  // The client is a thread of its own, so that its bytes reach the socket
  // while this thread's event loop is held (as a busy server's is) and the
  // connection is accepted afterwards, with them waiting.
  const written = new Int32Array(new SharedArrayBuffer(4));
  const client = new Worker(CLIENT, { eval: true, workerData: { port, bytes, written } });
  const answers: string[] = [];
  client.on("message", (m: string) => answers.push(m));
  workers.push(client);
  Atomics.wait(written, 0, 0, 5_000);
  busyFor(20);
  const countTurns = () => {
    turn++;
    if (turn < 50) setImmediate(countTurns);
  };
  setImmediate(countTurns);
  // Before sending more: the first answer, or (nothing sent) the accept.
  await new Promise<void>((r) => {
    const check = () => ((bytes ? answers.length > 0 : acceptedIn >= 0) ? r() : setTimeout(check, 5));
    check();
  });
  if (later) client.postMessage(later);
  const wanted = (bytes + later).match(/HTTP\/1\.1/g)!.length;
  await new Promise<void>((r) => {
    const check = () => (seen.length === wanted ? r() : setTimeout(check, 5));
    check();
  });
  return seen;
}

const GET = "GET /first HTTP/1.1\r\nHost: x\r\n\r\n";

describe("reading a new connection's first bytes as it is accepted", () => {
  it("reads the request in the turn that accepted it, a turn earlier than Node alone", async () => {
    const [alone] = await servedAfterBusyLoop(false, GET);
    const [read] = await servedAfterBusyLoop(true, GET);
    expect(read!.turnsAfterAccept).toBe(0);
    expect(alone!.turnsAfterAccept).toBe(1);
  });

  it("leaves the rest to Node: a body split across writes and a second request on the connection", async () => {
    const seen = await servedAfterBusyLoop(
      true,
      `${GET}POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello`,
      " world",
    );
    expect(seen.map(({ method, url, body }) => [method, url, body])).toEqual([
      ["GET", "/first", ""],
      ["POST", "/second", "hello world"],
    ]);
  });

  it("leaves a connection that has sent nothing yet to Node", async () => {
    const seen = await servedAfterBusyLoop(true, "", GET);
    expect(seen).toMatchObject([{ url: "/first" }]);
    expect(seen[0]!.turnsAfterAccept).toBeGreaterThan(0);
  });
});
