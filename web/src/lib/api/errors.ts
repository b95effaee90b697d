/** An answer of the product API with a 4xx/5xx status and the `{code, message}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's human text, when the body carried one. */
  readonly detail: string | undefined;

  constructor(status: number, body: unknown) {
    const detail = messageOf(body);
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code =
      typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
        ? body.code
        : undefined;
  }
}

/** Error text from msg, message, error_description or error (SPEC §8). */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['msg', 'message', 'error_description', 'error']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** True for answers that must not be retried: client errors and time-outs (SPEC §8). */
export function isNotRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 400 && error.status < 500;
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
