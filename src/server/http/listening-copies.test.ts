import { createConnection, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnCopies } from "./listening-copies.ts";

const open: { server: Server; sockets: Socket[]; closeCopies: () => void }[] = [];
afterEach(() => {
  for (const { server, sockets, closeCopies } of open.splice(0)) {
    for (const s of sockets) s.destroy();
    closeCopies();
    server.close();
  }
});

function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/**
 * Connections queue in the kernel while the event loop is busy (as under
 * load); counts how many the server accepts in the first turn after it.
 */
async function acceptedInOneTurn(copies: number, waiting: number): Promise<number> {
  const accepted: Socket[] = [];
  const server = createServer((socket) => accepted.push(socket));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const closeCopies = await listenOnCopies(server, copies);
  const sockets: Socket[] = [];
  open.push({ server, sockets, closeCopies });
  const { port } = server.address() as { port: number };
  const firstTurn = new Promise<number>((resolve) => {
    server.once("connection", () => setImmediate(() => resolve(accepted.length)));
  });
  for (let i = 0; i < waiting; i++) sockets.push(createConnection(port, "127.0.0.1"));
  // The connects go out on the next tick; the loop is then busy while the kernel completes them.
  setImmediate(() => busyFor(150));
  const inFirstTurn = await firstTurn;
  await new Promise<void>((r) => {
    const check = () => (accepted.length === waiting ? r() : setTimeout(check, 5));
    check();
  });
  sockets.push(...accepted);
  return inFirstTurn;
}

describe("listening on copies of the socket", () => {
  it("accepts one queued connection a turn without copies (why they exist)", async () => {
    expect(await acceptedInOneTurn(0, 6)).toBe(1);
  });

  it("accepts up to one more connection a turn for each copy", async () => {
    expect(await acceptedInOneTurn(5, 6)).toBe(6);
    expect(await acceptedInOneTurn(2, 6)).toBe(3);
  });

  it("hands the copies' connections to the server, and closing them stops them accepting", async () => {
    const server = createServer((socket) => socket.end("hello"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const closeCopies = await listenOnCopies(server, 3);
    const { port } = server.address() as { port: number };
    const read = () =>
      new Promise<string>((resolve, reject) => {
        const socket = createConnection(port, "127.0.0.1");
        let text = "";
        socket.on("data", (d) => (text += d.toString()));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
    expect(await Promise.all(Array.from({ length: 12 }, read))).toEqual(Array(12).fill("hello"));
    closeCopies();
    await new Promise<void>((r) => server.close(() => r()));
    await expect(read()).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
