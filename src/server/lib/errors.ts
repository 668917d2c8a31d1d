/**
 * The small set of typed errors services throw. Each carries an HTTP status and a stable code;
 * the app's error handler turns them into `{ message, code, errors? }` bodies.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, 'CONFLICT', message, undefined, extra);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, retryAfterSeconds ? { retryAfterSeconds } : undefined);
