/**
 * An error's message as it may be stored and shown to the admin: one line, at most 500
 * characters, with the password of any URL (smtp://user:password@host) and any run of six or
 * more digits (a verification code) masked. Never the error's stack or its cause's data.
 */
export function safeErrorText(error: unknown): string {
  const raw = error instanceof Error ? `${error.message}${codeOf(error)}` : String(error);
  return raw
    .replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//***:***@')
    .replace(/\d{6,}/g, (digits) => '#'.repeat(digits.length))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

function codeOf(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? ` (${code})` : '';
}
