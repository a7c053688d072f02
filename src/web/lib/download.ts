/** Saves a blob as a file through a temporary link (the browser's download, no new tab). */
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

/**
 * Downloads an API answer (CSV, PDF, a document) with the session cookie, named as the server's
 * Content-Disposition says (else `fallbackName`). A refusal throws "<status>: <message>".
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new Error(`${response.status}: ${message}`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}
