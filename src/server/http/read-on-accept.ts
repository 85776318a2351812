import { readSync } from "node:fs";
import type { Server, Socket } from "node:net";

/** The most read at once on accepting: a request's head and a JSON body's limit. */
const FIRST_READ_BYTES = 64 * 1024;

const descriptorOf = (socket: Socket): number | undefined => {
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === "number" && fd >= 0 ? fd : undefined;
};

/**
 * Reads a new connection's first request in the turn of the event loop that
 * accepted it, instead of the next one.
 *
 * Node asks the operating system for an accepted socket's bytes only from
 * the loop's next turn, and a turn of a busy server is long (on PGlite it
 * lasts as long as answering everything the previous turn read): a visitor
 * on a new connection waited a whole turn more than one on a kept-alive
 * connection (docs/performance.md, "A new connection read in the turn that
 * accepts it"). A browser sends its request as soon as it has connected, so under
 * load the bytes are usually there when the connection is accepted: they are
 * read from the socket's descriptor at once and handed to the HTTP server's
 * parser as the socket's first data; whatever comes later arrives as usual.
 * Nothing waiting (EAGAIN), an error or an end of stream is left for Node to
 * find on its own, and a socket without a descriptor (not Unix) or without
 * the HTTP server's data listener is left alone.
 *
 * Registered after the HTTP server's own connection listener, which sets the
 * parser up.
 */
export function readOnAccept(server: Server): void {
  const scratch = Buffer.allocUnsafe(FIRST_READ_BYTES);
  const onConnection = (socket: Socket) => {
    const fd = descriptorOf(socket);
    if (fd === undefined || socket.destroyed || socket.listenerCount("data") === 0) return;
    let read: number;
    try {
      read = readSync(fd, scratch, 0, scratch.length, null);
    } catch {
      return;
    }
    // Copied: the parser hands out slices of what it is given (a body's chunks).
    if (read > 0) socket.emit("data", Buffer.from(scratch.subarray(0, read)));
  };
  server.on("connection", onConnection);
}
