import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/** Far more than the app's fixed addresses; a bound against made-up ones (each answered 404). */
export const REMEMBERED_MATCHES = 500;

/**
 * Hono's trie router with its answers remembered by method and path. Its
 * search walks every pattern the path could meet (our middleware sits on
 * wildcards at several levels) and was about 2 % of a request's main-thread
 * time and 8 % of the bytes allocated under load (docs/performance.md);
 * most requests go to a few addresses (/api/browse, /api/home, a session
 * check). The same method and path always match the same handlers and
 * parameters, and Hono only reads a match, so a remembered one can be
 * handed out again. Only matches without parameters are kept: an address
 * with an id (a list, a member, a notification) is mostly asked for a few
 * times, and its match, a handler and parameters for each of the ~20
 * middleware and routes it meets, is about 4 KB: 2,000 of them were 8 MB of
 * the server's live heap (docs/performance.md). The oldest is forgotten
 * first, so any number of distinct paths costs at most REMEMBERED_MATCHES
 * entries.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = "RememberingRouter";
  readonly #router = new TrieRouter<T>();
  readonly #matches = new Map<string, Result<T>>();

  /** How many matches are remembered now. */
  get size(): number {
    return this.#matches.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#matches.get(key);
    if (known) return known;
    const found = this.#router.match(method, path);
    if (hasParameters(found)) return found;
    if (this.#matches.size >= REMEMBERED_MATCHES) this.#matches.delete(this.#matches.keys().next().value!);
    this.#matches.set(key, found);
    return found;
  }
}

function hasParameters<T>(result: Result<T>): boolean {
  // The trie router's answers are [[handler, parameters][]].
  for (const [, params] of result[0]) {
    for (const _name in params) return true;
  }
  return false;
}
