/** FNV-1a, 32 bits: a fast, non-cryptographic hash of a string (for keys and seeds, never for secrets). */
export function fnv1a(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
