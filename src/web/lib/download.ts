/**
 * Saves a blob as a file through a temporary link (the browser's download, no new tab): for files
 * the browser makes itself (lib/api-files.ts `apiDownload` fetches the API's).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
