import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller bodies fit in one packet either way: compressing them only costs time. */
export const COMPRESSION_THRESHOLD = 1024;

type Encoding = "br" | "gzip";

/** The best encoding the client accepts (q > 0), brotli first. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (e: string) => accepted.get(e) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

/**
 * The body a response was made with, read without turning it into a stream.
 *
 * @hono/node-server replaces the global Response with a light one that keeps
 * the body as given (a JSON string, bytes) under a private symbol and writes
 * it out in one go; reading `res.body` or `res.arrayBuffer()` builds a real
 * web Response and a stream instead, which cost a trivial JSON route half its
 * throughput. Answers undefined for any other response (tests calling
 * app.request get undici's), and the caller reads the body the usual way.
 * compression.test.ts checks that the light response still looks like this.
 */
export function lightBody(res: Response): string | Uint8Array | null | undefined {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  const cached = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  if (!Array.isArray(cached)) return undefined;
  const body: unknown = cached[1];
  return body === null || typeof body === "string" || body instanceof Uint8Array ? body : undefined;
}

/**
 * Compressed copies of bodies that many responses share (one discussion for
 * every visitor): kept as long as the body itself, so each is compressed once.
 */
type Packed = Awaited<ReturnType<typeof brotli>>;
const packedCopies = new WeakMap<Uint8Array, Map<Encoding, Promise<Packed>>>();

function pack(body: Buffer, encoding: Encoding): Promise<Packed> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

function packShared(shared: Uint8Array, body: Buffer, encoding: Encoding): Promise<Packed> {
  let copies = packedCopies.get(shared);
  if (!copies) packedCopies.set(shared, (copies = new Map()));
  let packed = copies.get(encoding);
  if (!packed) {
    packed = pack(body, encoding);
    copies.set(encoding, packed);
    packed.catch(() => copies.delete(encoding));
  }
  return packed;
}

const byteLength = (body: string | Uint8Array) =>
  typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;

/**
 * Compresses what the server generates (API JSON, HTML with page meta) on the
 * fly, brotli at a fast level or gzip. Static files are compressed at build
 * time (serveStatic `precompressed`) and arrive here already encoded; event
 * streams and images are left alone.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    // The body is read last, and from the light response where it can be:
    // a stream goes out chunk by chunk instead of in one write (a 250 KB
    // picture took twice as long).
    if (
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.status === 204 ||
      res.headers.has("Content-Encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      /no-transform/i.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const known = lightBody(res);
    const length = Number(
      res.headers.get("Content-Length") ?? (known != null ? byteLength(known) : Number.NaN),
    );
    if (length < COMPRESSION_THRESHOLD || known === null || (known === undefined && !res.body)) return;
    const vary = res.headers.get("Vary");
    if (!vary || !/accept-encoding/i.test(vary)) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const body =
      known === undefined
        ? Buffer.from(await res.arrayBuffer())
        : typeof known === "string"
          ? Buffer.from(known)
          : Buffer.from(known.buffer, known.byteOffset, known.byteLength);
    const headers = new Headers(res.headers);
    if (body.length < COMPRESSION_THRESHOLD) {
      c.res = undefined as unknown as Response;
      c.res = new Response(new Uint8Array(body), { status: res.status, headers });
      return;
    }
    const packed = await (known instanceof Uint8Array
      ? packShared(known, body, encoding)
      : pack(body, encoding));
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(packed.length));
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    // Assigning c.res over a response copies the old headers onto the new
    // one (Content-Length included); clearing it first keeps ours.
    c.res = undefined as unknown as Response;
    c.res = new Response(packed, { status: res.status, headers });
  };
}
