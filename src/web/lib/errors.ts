import { translate } from './i18n';

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

  /**
   * The server's message in English, whatever the page's language: the server sends the English
   * beside a translated message (`sourceMessage`), so code can tell refusals apart by their text.
   */
  get sourceMessage(): string | undefined {
    const source = (this.body as { sourceMessage?: unknown } | undefined)?.sourceMessage;
    return typeof source === 'string' ? source : this.serverMessage;
  }

  /** Field messages the server sent with a 400 (`errors: {field: message}`). */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | undefined)?.errors;
    if (typeof errors !== 'object' || errors === null) return {};
    return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
}

/** Show the server's message, else a fixed fallback. */
export function errorMessage(error: unknown, fallback = translate('common.error.generic')): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
