/** Text made safe inside HTML, attribute values included (& < > " ' as numeric references). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
