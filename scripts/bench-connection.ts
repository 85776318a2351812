import net from "node:net";

/**
 * One keep-alive connection that sends a request and reads its answer,
 * written on a socket as autocannon writes the baseline's: Node's HTTP
 * client (an agent, a request object and a parser for every request) cost
 * about 0.15 ms of CPU a request on the same two cores as the server, where
 * autocannon's is a fraction of that, so the mixed workload's server had
 * less of the machine than the baseline's (docs/performance.md).
 */
export class Connection {
  private socket: net.Socket | null = null;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  constructor(
    private readonly base: URL,
    private readonly localAddress: string,
  ) {}

  /** Sends one request (a body as JSON, with the Origin a write needs) and resolves its answer's status. */
  send(method: string, path: string, cookie: string, json: unknown, origin: string): Promise<number> {
    const body = json === undefined ? "" : JSON.stringify(json);
    const head =
      `${method} ${path} HTTP/1.1\r\nHost: ${this.base.host}\r\nConnection: keep-alive\r\nCookie: ${cookie}\r\n` +
      (method === "GET"
        ? ""
        : `Origin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`) +
      "\r\n";
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.open().write(head + body);
    });
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }

  private open(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({
      host: this.base.hostname,
      port: Number(this.base.port),
      localAddress: this.localAddress,
    });
    socket.setNoDelay(true);
    socket.on("data", (chunk) => this.read(chunk));
    // Only the socket in use fails its request: one closed before (by an
    // answer that said so) may report its end after the next request went out.
    const fail = (error: Error) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.received = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
    this.socket = socket;
    return socket;
  }

  /** Ends the answer once its body is in (a declared length, or chunks up to the last). */
  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.received.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headEnd + 4;
    if (length) {
      if (this.received.length < bodyStart + Number(length[1])) return;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      if (this.received.indexOf("\r\n0\r\n\r\n", bodyStart - 2) < 0) return;
    }
    this.received = Buffer.alloc(0);
    if (/\r\nconnection: *close/i.test(head)) this.close();
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(status);
  }
}
