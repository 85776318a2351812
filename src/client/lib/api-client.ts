/** An API failure carrying the server's `{ error: { code, message } }`. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

interface ErrorShape {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
  // better-auth answers errors as { code, message } at the top level.
  code?: string;
  message?: string;
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiClientError(0, "NETWORK", "Could not reach the server. Check your connection.");
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const shape = (body ?? {}) as ErrorShape;
    throw new ApiClientError(
      response.status,
      shape.error?.code ?? shape.code ?? `HTTP_${response.status}`,
      shape.error?.message ?? shape.message ?? response.statusText,
      shape.error?.fields,
    );
  }
  return body as T;
}
