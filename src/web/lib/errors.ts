/** An HTTP failure of an API call: status 0 means the request never got an answer (offline, DNS, aborted). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The `message` field of the server's JSON body, when there was one. */
    readonly serverMessage?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server answered and refused (4xx): retrying the same request will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** Field messages the server sent with a 400 (`errors: {field: message}`). */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | undefined)?.errors;
    if (typeof errors !== 'object' || errors === null) return {};
    return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
}

/** SPEC §8: show the server's message, else a fixed fallback. */
export function errorMessage(error: unknown, fallback = 'An error occurred'): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
