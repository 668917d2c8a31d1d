/** Hands a file made or fetched in the page to the browser as a download (a CSV export). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is done.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
