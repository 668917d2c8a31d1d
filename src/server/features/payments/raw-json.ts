/**
 * The members of a flat JSON object with each value as it is WRITTEN in the text.
 *
 * eSewa signs the text of its values: a total written `1000.0` is signed as "1000.0", but
 * JSON.parse reads it as the number 1000, and "1000" no longer matches the signature. So the
 * signed values are taken from the text itself: strings unescaped (their value), numbers and
 * literals exactly as written. Nested objects and arrays are kept as text (no signed field is one).
 *
 * Strict: anything that is not valid JSON, not an object at the top, or that names a member twice
 * answers undefined. Duplicate names are refused because a reader that takes the first and one that
 * takes the last would disagree about what was signed.
 */

export type RawJsonValue =
  | { type: 'string'; value: string }
  | { type: 'number'; text: string }
  | { type: 'literal'; text: 'true' | 'false' | 'null' }
  | { type: 'nested'; text: string };

/** The text a signature covers: a string's value, or a number or literal as written. */
export function rawText(value: RawJsonValue): string {
  return value.type === 'string' ? value.value : value.text;
}

export function readRawJsonObject(text: string): Map<string, RawJsonValue> | undefined {
  // Belt and braces: whatever the scanner below accepts must also be JSON to the standard parser.
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  try {
    return new Scanner(text).object();
  } catch (error) {
    if (error instanceof NotJson) return undefined;
    throw error;
  }
}

class NotJson extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters inside strings
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  object(): Map<string, RawJsonValue> {
    const members = new Map<string, RawJsonValue>();
    this.space();
    this.expect('{');
    this.space();
    if (this.peek() === '}') {
      this.at += 1;
    } else {
      for (;;) {
        this.space();
        const name = this.string();
        this.space();
        this.expect(':');
        this.space();
        if (members.has(name)) throw new NotJson();
        members.set(name, this.value());
        this.space();
        const next = this.peek();
        this.at += 1;
        if (next === '}') break;
        if (next !== ',') throw new NotJson();
      }
    }
    this.space();
    if (this.at !== this.text.length) throw new NotJson();
    return members;
  }

  private value(): RawJsonValue {
    const char = this.peek();
    if (char === '"') return { type: 'string', value: this.string() };
    if (char === '{' || char === '[') return { type: 'nested', text: this.nested() };
    for (const literal of ['true', 'false', 'null'] as const) {
      if (this.text.startsWith(literal, this.at)) {
        this.at += literal.length;
        return { type: 'literal', text: literal };
      }
    }
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match || match[0].length === 0) throw new NotJson();
    this.at += match[0].length;
    return { type: 'number', text: match[0] };
  }

  /** A string token; its value is what JSON.parse makes of the token (escapes resolved). */
  private string(): string {
    const start = this.at;
    this.expect('"');
    STRING_BODY.lastIndex = this.at;
    const body = STRING_BODY.exec(this.text);
    this.at += body ? body[0].length : 0;
    this.expect('"');
    return JSON.parse(this.text.slice(start, this.at)) as string;
  }

  /** An object or array, skipped by depth (strings inside may hold brackets), kept as text. */
  private nested(): string {
    const start = this.at;
    let depth = 0;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '"') {
        this.string();
        continue;
      }
      this.at += 1;
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) return this.text.slice(start, this.at);
      }
    }
    throw new NotJson();
  }

  private space(): void {
    while (/[ \t\n\r]/.test(this.text.charAt(this.at))) this.at += 1;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new NotJson();
    this.at += 1;
  }
}
