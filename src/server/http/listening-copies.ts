import { spawn } from "node:child_process";
import { type Server, type Socket, createServer } from "node:net";

/**
 * How many more descriptors of the listening socket the server watches. Node
 * 20's libuv accepts one connection each time a listening descriptor is
 * ready, which is once a turn of the event loop; on a loaded server a turn
 * lasts tens of milliseconds (with the embedded database, a whole wave of
 * requests' statements), so new connections queued in the kernel for
 * seconds while kept-alive ones were served (docs/performance.md, "New
 * connections under load" and "A turn takes several new connections").
 * With copies, each turn accepts up to 1 + LISTENING_COPIES.
 */
export const LISTENING_COPIES = 8;

// Run by a short-lived Node child: it gets the listening socket once and
// sends it back `count` times. The kernel hands each message a new
// descriptor of the same socket (SCM_RIGHTS), which is the duplicate Node
// itself cannot make. The socket arrives as a bare handle ("net.Native"),
// so the child never listens or accepts on it; it ends when the parent,
// holding every copy, disconnects (a "once" listener would let it end, and
// drop the copies not yet sent, as soon as the first message arrived).
const CHILD = `
const count = Number(process.argv[1]);
process.on("message", (_m, handle) => {
  for (let i = 0; i < count; i++) process.send("copy", handle);
});`;

/** The server's listening handle (a TCP or pipe wrap): what child_process can send. */
function listeningHandle(server: Server): object {
  const handle = (server as unknown as { _handle?: object | null })._handle;
  if (!handle) throw new Error("the server is not listening");
  return handle;
}

/**
 * Listens on `count` more descriptors of `server`'s socket, handing every
 * connection accepted there to `server` as its own ("connection", which
 * Node's HTTP server documents for that). Resolves once all copies listen,
 * to the function that closes them: call it beside `server.close()`, which
 * stops only the first descriptor (the copies would go on accepting until
 * every open connection had ended).
 */
export async function listenOnCopies(server: Server, count: number): Promise<() => void> {
  if (count <= 0) return () => {};
  const handle = listeningHandle(server);
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["-e", CHILD, String(count)], {
    env,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const copies: Server[] = [];
  const closeCopies = () => {
    for (const copy of copies.splice(0)) copy.close();
  };
  const hand = (socket: Socket) => server.emit("connection", socket);
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => {
        if (copies.length < count) reject(new Error(`the copying child ended early (${code})`));
      });
      child.on("message", (_message, copy) => {
        if (!copy) return;
        // With the options Node's HTTP server gives its own sockets.
        const listener = createServer({ allowHalfOpen: true, noDelay: true }, hand);
        copies.push(listener);
        listener.listen(copy as Parameters<Server["listen"]>[0], () => {
          if (copies.filter((c) => c.listening).length < count) return;
          child.disconnect();
          resolve();
        });
      });
      child.send("listener", handle as Parameters<typeof child.send>[1]);
    });
  } catch (e) {
    closeCopies();
    child.kill();
    throw e;
  }
  server.once("close", closeCopies);
  return closeCopies;
}
