/**
 * API answers the server wrote into the page (<script type="application/json" id="pasal-data">,
 * see PageMeta.data in src/server/features/web/html.ts), by API path. A page shows them on its
 * first render instead of fetching them after the JavaScript has run; TanStack Query treats them
 * as fetched when the page loaded, so they are refreshed like any other answer once stale.
 */

let answers: Record<string, unknown> | undefined;

/** When the page (and so its embedded answers) was loaded, in epoch ms. */
export const initialDataLoadedAt = Date.now() - Math.round(performance.now());

function read(): Record<string, unknown> {
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
