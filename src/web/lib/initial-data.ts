/**
 * API answers the server wrote into the page (<script type="application/json" id="pasal-data">,
 * see PageMeta.data in src/server/features/web/html.ts), by API path. A page shows them on its
 * first render instead of fetching them after the JavaScript has run; TanStack Query treats them
 * as fetched when the page loaded, so they are refreshed like any other answer once stale.
 *
 * The server renders the same pages from the same answers (src/web/entry-server.tsx hands them over
 * with withInitialData for the length of one synchronous render), so both first renders agree.
 */

let answers: Record<string, unknown> | undefined;
/** When the page (and so its embedded answers) was loaded, in epoch ms. */
let answeredAt = Date.now() - Math.round(performance.now());

/** When the answers were made (for TanStack Query's initialDataUpdatedAt): the page's load. */
export function initialDataUpdatedAt(): number {
  return answeredAt;
}

function read(): Record<string, unknown> {
  if (typeof document === 'undefined') return {};
  const script = document.getElementById('pasal-data');
  if (!script?.textContent) return {};
  try {
    const parsed: unknown = JSON.parse(script.textContent);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The embedded answer of GET `path`, if the page has one. */
export function initialData<T>(path: string): T | undefined {
  answers ??= read();
  return answers[path] as T | undefined;
}

/** Runs `render` (synchronous: nothing else can run meanwhile) with `given` as the page's answers. */
export function withInitialData<T>(given: Record<string, unknown>, render: () => T): T {
  const before = { answers, answeredAt };
  answers = given;
  answeredAt = Date.now();
  try {
    return render();
  } finally {
    ({ answers, answeredAt } = before);
  }
}
